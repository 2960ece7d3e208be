import { useIntl } from '@umijs/max';
import { Empty, Modal, Tabs, Typography } from 'antd';
import type { TFeedbackEmail } from '@/contracts/feedback';

export interface PreviewModalProps {
  emails?: TFeedbackEmail[];
  onClose: () => void;
}

/** The emails exactly as the families get them: subject, recipient and the HTML body (in a sandboxed frame). */
export default function PreviewModal({ emails, onClose }: PreviewModalProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Modal
      open={!!emails}
      onCancel={onClose}
      footer={null}
      title={t('feedback.preview.title')}
      width={720}
      style={{ maxWidth: 'calc(100vw - 16px)', top: 16 }}
      destroyOnHidden
    >
      {emails && emails.length === 0 && <Empty description={t('feedback.noStudents')} />}
      <Tabs
        size="small"
        items={(emails ?? []).map((email) => ({
          key: String(email.studentId),
          label: email.name,
          children: (
            <div data-testid={`preview-${email.studentId}`}>
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                <Typography.Text type="secondary">{t('feedback.preview.subject')} </Typography.Text>
                <Typography.Text strong>{email.subject}</Typography.Text>
              </Typography.Paragraph>
              <Typography.Paragraph type={email.optedIn ? undefined : 'warning'}>
                {!email.optedIn
                  ? t('feedback.preview.notSent')
                  : email.recipient
                    ? t('feedback.preview.to', { recipient: email.recipient })
                    : t('feedback.preview.toFamily')}
              </Typography.Paragraph>
              <iframe
                title={email.subject}
                sandbox=""
                srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif;font-size:14px;margin:12px">${email.html}</body>`}
                style={{ width: '100%', height: 360, border: '1px solid #f0f0f0', borderRadius: 6 }}
              />
            </div>
          ),
        }))}
      />
    </Modal>
  );
}
