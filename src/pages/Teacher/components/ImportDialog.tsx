import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, message, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { type TImportReply, type TImportRowError, teacherImportHeaders } from '@/contracts/teachers';
import { ImportRefused, importTeachers } from '@/services/teachers';
import { downloadFile } from '@/utils/download';

interface Props {
  onClose: () => void;
  onImported: () => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const errorColumns = [
  { title: 'Row', dataIndex: 'row', width: 70 },
  { title: 'Column', dataIndex: 'field', width: 140 },
  { title: 'Problem', dataIndex: 'message' },
];

/** The row errors of a refused real run ("row 3 SIN" field errors), as preview rows. */
function rowErrorsOf(error: unknown): TImportRowError[] {
  const body =
    error instanceof ImportRefused ? (error.body as { fieldErrors?: { field: string; message: string }[] }) : undefined;
  return (body?.fieldErrors ?? []).flatMap(({ field, message: text }) => {
    const match = /^row (\d+) (.+)$/.exec(field);
    return match ? [{ row: Number(match[1]), field: match[2], message: text }] : [];
  });
}

/** Pick a file -> dry-run preview of row errors -> confirm: all rows are imported, or none. */
export default function ImportDialog({ onClose, onImported }: Props) {
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<TImportReply>();
  const [busy, setBusy] = useState(false);

  const check = async (picked: File) => {
    setFile(picked);
    setPreview(undefined);
    setBusy(true);
    try {
      setPreview(await importTeachers(picked, true));
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'Could not read the file');
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!file || !preview) return;
    setBusy(true);
    const hide = message.loading('Adding...', 0);
    try {
      const reply = await importTeachers(file, false);
      hide();
      message.success(`Imported ${plural(reply.imported, 'teacher')}`);
      onImported();
    } catch (error) {
      hide();
      const errors = rowErrorsOf(error);
      if (errors.length) setPreview({ ...preview, errors });
      message.error(`Failed to add, please try again${error instanceof Error ? `: ${error.message}` : ''}`);
    } finally {
      setBusy(false);
    }
  };
  const ready = preview && preview.errors.length === 0 ? preview.total : 0;

  return (
    <Modal
      title="Import teachers"
      open
      width={720}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="import" type="primary" disabled={!ready} loading={busy && !!preview} onClick={confirm}>
          {`Import ${plural(ready, 'teacher')}`}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          Upload an .xlsx or .csv file whose first row holds these columns: {teacherImportHeaders.join(', ')}. Login,
          Email, First Name, Last Name and Password are required; SIN is exactly 9 digits. Every row is checked first,
          and nothing is imported while any row has an error.
        </Typography.Paragraph>
        <Space>
          <Upload
            accept=".xlsx,.csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(picked) => {
              void check(picked);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy && !preview}>
              Choose file
            </Button>
          </Upload>
          <Button
            type="link"
            onClick={() =>
              downloadFile('/api/teachers/import-template', {}, 'teachers-import.xlsx').catch(() =>
                message.error('Failed to download, please try again'),
              )
            }
          >
            Download template
          </Button>
          {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        </Space>
        {preview && preview.total === 0 && <Alert type="warning" showIcon message="The file has no teacher rows" />}
        {preview && preview.total > 0 && preview.errors.length === 0 && (
          <Alert type="success" showIcon message={`${preview.total} rows are ready to import`} />
        )}
        {preview && preview.errors.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              message={`${plural(preview.errors.length, 'error')} in ${plural(preview.total, 'row')}: fix the file and choose it again`}
            />
            <Table<TImportRowError>
              size="small"
              rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
              dataSource={preview.errors}
              pagination={{ pageSize: 10 }}
              columns={errorColumns}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
