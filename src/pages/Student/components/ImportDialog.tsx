import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, message, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { STUDENT_IMPORT_HEADERS, type TImportReply } from '@/contracts/students';
import { importStudents } from '@/services/students';
import { downloadFile } from '@/utils/download';

interface Props {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/** Pick a file -> dry-run preview of row errors -> "Import N students" (all rows or none). */
export default function ImportDialog({ open, onClose, onImported }: Props) {
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<TImportReply>();
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(undefined);
    setPreview(undefined);
  };
  const check = async (picked: File) => {
    setFile(picked);
    setPreview(undefined);
    setBusy(true);
    try {
      setPreview(await importStudents(picked, true));
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'Could not read the file');
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const reply = await importStudents(file, false);
      if (reply.errors.length > 0) {
        setPreview(reply);
        return;
      }
      message.success(`Imported ${reply.imported} students`);
      reset();
      onImported();
      onClose();
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'Failed to import, please try again');
    } finally {
      setBusy(false);
    }
  };
  const canImport = !!preview && preview.errors.length === 0 && preview.valid > 0;

  return (
    <Modal
      title="Import students"
      open={open}
      width={720}
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="import" type="primary" disabled={!canImport} loading={busy && !!preview} onClick={confirm}>
          {`Import ${preview?.valid ?? 0} students`}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          Upload an .xlsx or .csv file whose first row holds these columns: {STUDENT_IMPORT_HEADERS.join(', ')}. Student
          ID, First Name and Last Name are required; Start Date is YYYY-MM-DD; Allow SMS and Allow Email are Yes or No.
          Every row is checked first, and nothing is imported while any row has an error.
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
            onClick={() => downloadFile('/api/students/import-template', {}, 'student-import-template.xlsx')}
          >
            Download template
          </Button>
          {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        </Space>
        {preview && preview.errors.length === 0 && (
          <Alert type="success" showIcon message={`${preview.valid} of ${preview.total} rows are ready to import`} />
        )}
        {preview && preview.total === 0 && <Alert type="warning" showIcon message="The file has no student rows" />}
        {preview && preview.errors.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              message={`${preview.errors.length} errors in ${preview.total} rows: fix the file and choose it again`}
            />
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
              dataSource={preview.errors}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: 'Row', dataIndex: 'row', width: 80 },
                { title: 'Field', dataIndex: 'field', width: 160 },
                { title: 'Message', dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
