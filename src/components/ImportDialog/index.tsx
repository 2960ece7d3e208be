import { UploadOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Modal, message, Space, Table, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { downloadFile } from '@/utils/download';
import { type ImportReport, type ImportRowError, summarise } from './report';

export type { ImportReport, ImportRowError } from './report';

/** What a list page says about its import; RecordListPage's `importFile` prop. */
export interface ImportConfig {
  /** The dialog's title, e.g. "Import students". */
  title: string;
  /** The records counted, with the right plural: n => "1 student" / "3 students". */
  count: (n: number) => string;
  /** The columns of the file, in the template's order (from the contract). */
  headers: readonly string[];
  /** The rules of the file's columns, shown under the column list. */
  help?: ReactNode;
  /** The template download: the API path and the name to save it under. */
  template: { url: string; fileName: string };
  /**
   * Sends the file; `dryRun` only checks it. Resolves with the report, including the row errors of
   * a refused file; rejects with an Error whose message is the reason when the file cannot be read.
   */
  upload: (file: File, dryRun: boolean) => Promise<ImportReport>;
}

interface Props extends ImportConfig {
  open: boolean;
  onClose: () => void;
  /** After a successful import: the list reloads. */
  onImported: () => void;
}

/** Pick a file -> checked first (dry run) with its row errors -> "Import 3 students": all rows or none. */
export default function ImportDialog({ open, onClose, onImported, ...config }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<ImportReport>();
  const [busy, setBusy] = useState(false);
  const summary = report && summarise(report);

  const close = () => {
    setFile(undefined);
    setReport(undefined);
    onClose();
  };
  const check = async (picked: File) => {
    setFile(picked);
    setReport(undefined);
    setBusy(true);
    try {
      setReport(await config.upload(picked, true));
    } catch (error) {
      message.error(error instanceof Error && error.message ? error.message : t('lists.import.unreadable'));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const done = await config.upload(file, false);
      if (done.errors.length > 0) {
        setReport(done);
        return;
      }
      message.success(t('lists.import.done', { records: config.count(done.imported) }));
      onImported();
      close();
    } catch (error) {
      message.error(error instanceof Error && error.message ? error.message : t('lists.import.failed'));
    } finally {
      setBusy(false);
    }
  };
  const downloadTemplate = () =>
    downloadFile(config.template.url, {}, config.template.fileName).catch(() =>
      message.error(t('lists.import.templateFailed')),
    );

  return (
    <Modal
      title={config.title}
      open={open}
      width={720}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="import" type="primary" disabled={!summary?.ready} loading={busy && !!report} onClick={confirm}>
          {t('lists.import.submit', { records: config.count(summary?.ready ?? 0) })}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          {t('lists.import.columns', { columns: config.headers.join(', ') })} {config.help}{' '}
          {t('lists.import.allOrNone')}
        </Typography.Paragraph>
        <Space wrap>
          <Upload
            accept=".xlsx,.csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(picked) => {
              void check(picked);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy && !report}>
              {t('lists.import.choose')}
            </Button>
          </Upload>
          <Button type="link" onClick={downloadTemplate}>
            {t('lists.import.template')}
          </Button>
          {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        </Space>
        {report && summary && <ReportView report={report} summary={summary} t={t} />}
      </Space>
    </Modal>
  );
}

function ReportView({
  report,
  summary,
  t,
}: {
  report: ImportReport;
  summary: ReturnType<typeof summarise>;
  t: (id: string, values?: Record<string, string | number>) => string;
}) {
  const rows = (count: number) => t('lists.import.rowCount', { count });
  if (report.total === 0 && summary.errors.length === 0) {
    return <Alert type="warning" showIcon message={t('lists.import.empty')} />;
  }
  if (summary.errors.length === 0) {
    return <Alert type="success" showIcon message={t('lists.import.ready', { rows: rows(summary.ready) })} />;
  }
  const errors = t('lists.import.errorCount', { count: summary.errors.length });
  return (
    <>
      <Alert type="error" showIcon message={t('lists.import.errors', { errors, rows: rows(summary.badRows) })} />
      <Table<ImportRowError>
        size="small"
        rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
        dataSource={summary.errors}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('lists.import.row'), dataIndex: 'row', width: 70 },
          { title: t('lists.import.field'), dataIndex: 'field', width: 160 },
          { title: t('lists.import.problem'), dataIndex: 'message' },
        ]}
      />
    </>
  );
}
