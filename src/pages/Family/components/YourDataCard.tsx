import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Modal, message, Skeleton, Typography } from 'antd';
import { useId, useState } from 'react';
import type { TPortalPrivacy } from '@/contracts/privacy';
import { showRequestError } from '@/requestErrorConfig';
import { cancelErasure, downloadHouseholdExport, portalPrivacy, requestErasure } from '@/services/privacy';
import { DownloadError } from '@/utils/download';
import { useFormat } from '@/utils/useFormat';
import { Failed, useLoad, useT } from './shared';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** "Download everything (zip)": the household's data as one file, with what has arrived so far. */
function ExportPart() {
  const t = useT();
  const [received, setReceived] = useState<number | null>(null);
  const [failure, setFailure] = useState<string>();
  const download = async () => {
    setFailure(undefined);
    setReceived(0);
    try {
      const name = await downloadHouseholdExport(setReceived);
      message.success(t('privacy.export.saved', { name }));
    } catch (error) {
      const reply = error instanceof DownloadError ? (error.body as { errorMessage?: string } | undefined) : undefined;
      setFailure(
        error instanceof DownloadError && error.status === 429 && reply?.errorMessage
          ? reply.errorMessage
          : t('privacy.export.failed'),
      );
    } finally {
      setReceived(null);
    }
  };
  return (
    <Flex vertical gap={8} align="start">
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('privacy.export.help')}</Typography.Paragraph>
      <Button type="primary" icon={<DownloadOutlined />} loading={received !== null} onClick={download}>
        {t('privacy.export.button')}
      </Button>
      <div aria-live="polite" data-testid="privacy-export-progress">
        {received !== null && (
          <Typography.Text type="secondary">
            {received ? t('privacy.export.progress', { size: sizeText(received) }) : t('privacy.export.preparing')}
          </Typography.Text>
        )}
      </div>
      {failure && <Alert type="warning" showIcon message={failure} />}
    </Flex>
  );
}

/** The household's erasure request: ask (with an optional reason), see where it stands, withdraw it. */
function ErasurePart() {
  const t = useT();
  const fmt = useFormat();
  const headingId = useId();
  const { load, reload } = useLoad(portalPrivacy, 'privacy');
  const [state, setState] = useState<TPortalPrivacy>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();
  const privacy = state ?? (load.state === 'loaded' ? load.value : undefined);
  const erasure = privacy?.erasure;
  const open = erasure?.status === 'REQUESTED';

  const write = async (run: () => Promise<TPortalPrivacy>, done: string) => {
    setBusy(true);
    try {
      setState(await run());
      message.success(t(done));
      return true;
    } catch (error) {
      showRequestError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const ask = async ({ reason }: { reason?: string }) => {
    if (await write(() => requestErasure({ reason: reason ?? null }), 'privacy.erasure.asked')) {
      setAsking(false);
      form.resetFields();
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} style={{ fontSize: 15, marginTop: 8 }}>
        {t('privacy.erasure.title')}
      </h3>
      {load.state === 'loading' && !state && <Skeleton active paragraph={{ rows: 1 }} />}
      {load.state === 'failed' && !state && <Failed onRetry={reload} />}
      {privacy && (
        <Flex vertical gap={8} align="start">
          {open ? (
            <Alert
              type="info"
              showIcon
              data-testid="privacy-erasure-state"
              message={t('privacy.erasure.waiting', { date: fmt.dateTime(erasure.requestedAt) })}
              description={t('privacy.erasure.waiting.help')}
            />
          ) : (
            <Typography.Paragraph style={{ marginBottom: 0 }}>{t('privacy.erasure.help')}</Typography.Paragraph>
          )}
          {erasure?.status === 'CANCELLED' && (
            <Typography.Text type="secondary" data-testid="privacy-erasure-state">
              {t('privacy.erasure.cancelled', { date: fmt.dateTime(erasure.requestedAt) })}
            </Typography.Text>
          )}
          {open ? (
            <Button
              loading={busy}
              onClick={() =>
                Modal.confirm({
                  title: t('privacy.erasure.withdraw.confirm'),
                  okText: t('privacy.erasure.withdraw'),
                  cancelText: t('common.cancel'),
                  onOk: () => write(cancelErasure, 'privacy.erasure.withdrawn'),
                })
              }
            >
              {t('privacy.erasure.withdraw')}
            </Button>
          ) : (
            <Button danger onClick={() => setAsking(true)}>
              {t('privacy.erasure.ask')}
            </Button>
          )}
        </Flex>
      )}
      <Modal
        open={asking}
        title={t('privacy.erasure.ask.title')}
        okText={t('privacy.erasure.ask.ok')}
        okButtonProps={{ danger: true, loading: busy }}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setAsking(false)}
        destroyOnClose
      >
        <Typography.Paragraph>{t('privacy.erasure.ask.what')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={ask}>
          <Form.Item
            name="reason"
            label={t('privacy.erasure.reason')}
            rules={[{ max: 1000, message: t('privacy.erasure.reason.max') }]}
          >
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}

/** /family/settings › Your data: the export and the erasure request. */
export default function YourDataCard() {
  const t = useT();
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('privacy.title')}</h2>}>
      <Flex vertical gap={16}>
        <ExportPart />
        <ErasurePart />
      </Flex>
    </Card>
  );
}
