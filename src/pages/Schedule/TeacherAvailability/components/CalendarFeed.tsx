import { CopyOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Button, Card, Flex, Input, message, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { runScheduleWrite } from '@/pages/Schedule/TableView/components/labels';

export interface CalendarFeedProps {
  /** The feed's path under the API ('/api/calendar/<token>.ics'), or null when there is none. */
  feedPath: string | null;
  /** Makes a new address (the old one stops working); resolves with the new path. */
  create: () => Promise<{ feedPath: string | null }>;
  revoke: () => Promise<{ feedPath: string | null }>;
  onChange: (feedPath: string | null) => void;
}

/** Copies text; falls back to a selected hidden field where the clipboard API is missing (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = Object.assign(document.createElement('textarea'), { value: text });
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.appendChild(field);
    field.select();
    const done = document.execCommand('copy');
    field.remove();
    return done;
  }
}

function CopyField({ label, value }: { label: string; value: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={value} aria-label={label} onFocus={(e) => e.target.select()} />
        <Button
          icon={<CopyOutlined />}
          onClick={async () =>
            (await copyText(value))
              ? message.success(t('scheduleViews.feed.copied'))
              : message.error(t('scheduleViews.feed.copyFailed'))
          }
        >
          {t('scheduleViews.feed.copy')}
        </Button>
      </Space.Compact>
    </div>
  );
}

/** A teacher's secret iCalendar feed: create, replace or revoke it, copy it, and how to subscribe. */
export default function CalendarFeed({ feedPath, create, revoke, onChange }: CalendarFeedProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [busy, setBusy] = useState(false);
  const url = feedPath ? new URL(feedPath, window.location.origin).toString() : undefined;
  const webcal = url?.replace(/^https?:/, 'webcal:');

  const run = async (write: () => Promise<{ feedPath: string | null }>, successId: string) => {
    setBusy(true);
    let next: string | null = feedPath;
    if (
      await runScheduleWrite(
        async () => {
          next = (await write()).feedPath;
        },
        t(successId),
        t,
      )
    ) {
      onChange(next);
    }
    setBusy(false);
  };

  return (
    <Card title={t('scheduleViews.feed.title')}>
      <Typography.Paragraph type="secondary">{t('scheduleViews.feed.intro')}</Typography.Paragraph>
      {url && webcal ? (
        <Flex vertical gap={12}>
          <CopyField label={t('scheduleViews.feed.url')} value={url} />
          <CopyField label={t('scheduleViews.feed.webcal')} value={webcal} />
          <Space wrap>
            <Button href={webcal}>{t('scheduleViews.feed.open')}</Button>
            <Popconfirm
              title={t('scheduleViews.feed.replaceQuestion')}
              okText={t('scheduleViews.feed.replace')}
              onConfirm={() => run(create, 'scheduleViews.feed.created')}
            >
              <Button loading={busy}>{t('scheduleViews.feed.replace')}</Button>
            </Popconfirm>
            <Popconfirm
              title={t('scheduleViews.feed.revokeQuestion')}
              okText={t('scheduleViews.feed.revoke')}
              okButtonProps={{ danger: true }}
              onConfirm={() => run(revoke, 'scheduleViews.feed.revoked')}
            >
              <Button danger disabled={busy}>
                {t('scheduleViews.feed.revoke')}
              </Button>
            </Popconfirm>
          </Space>
          <div>
            <Typography.Text strong>{t('scheduleViews.feed.howTo')}</Typography.Text>
            <ul style={{ paddingInlineStart: 20, marginBottom: 0 }}>
              <li>{t('scheduleViews.feed.google')}</li>
              <li>{t('scheduleViews.feed.apple')}</li>
              <li>{t('scheduleViews.feed.outlook')}</li>
            </ul>
            <Typography.Text type="secondary">{t('scheduleViews.feed.refresh')}</Typography.Text>
          </div>
        </Flex>
      ) : (
        <Space direction="vertical">
          <Typography.Text>{t('scheduleViews.feed.none')}</Typography.Text>
          <Button type="primary" loading={busy} onClick={() => run(create, 'scheduleViews.feed.created')}>
            {t('scheduleViews.feed.create')}
          </Button>
        </Space>
      )}
    </Card>
  );
}
