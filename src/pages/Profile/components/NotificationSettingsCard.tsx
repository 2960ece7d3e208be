import { useIntl } from '@umijs/max';
import { Button, Card, Checkbox, Result, Spin, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { notificationSettings, saveNotificationSettings } from '@/components/NoticeBell/service';
import type { TNotificationSetting, TNotificationSettings } from '@/contracts/notices';
import { runWithMessages } from '@/utils/runWithMessages';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; saved: TNotificationSettings };

/**
 * The signed-in user's notification channels per kind that applies to them (teachers: feedback
 * reminders and class changes; staff: low balance): email and/or SMS. SMS needs a phone on the account.
 */
export default function NotificationSettingsCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [rows, setRows] = useState<TNotificationSetting[]>([]);
  const [busy, setBusy] = useState(false);

  const fetch = useCallback(() => {
    setLoad({ state: 'loading' });
    notificationSettings()
      .then((saved) => {
        setLoad({ state: 'loaded', saved });
        setRows(saved.settings);
      })
      .catch(() => setLoad({ state: 'failed' }));
  }, []);
  useEffect(fetch, [fetch]);

  const set = (kind: TNotificationSetting['kind'], channel: 'email' | 'sms', on: boolean) =>
    setRows((list) => list.map((row) => (row.kind === kind ? { ...row, [channel]: on } : row)));

  const save = async () => {
    setBusy(true);
    let saved: TNotificationSettings | undefined;
    await runWithMessages('update', async () => {
      saved = await saveNotificationSettings({ settings: rows });
    });
    setBusy(false);
    if (saved) {
      const next = saved;
      setLoad({ state: 'loaded', saved: next });
      setRows(next.settings);
    }
  };

  const title = t('notices.settings.title');
  if (load.state === 'loading')
    return (
      <Card title={title}>
        <Spin />
      </Card>
    );
  if (load.state === 'failed')
    return (
      <Card title={title}>
        <Result
          status="warning"
          title={t('notices.settings.loadFailed')}
          extra={<Button onClick={fetch}>{t('common.retry')}</Button>}
        />
      </Card>
    );

  const { phone, email } = load.saved;
  const changed = JSON.stringify(rows) !== JSON.stringify(load.saved.settings);
  return (
    <Card title={title} data-testid="notification-settings">
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('notices.settings.none')}</Typography.Text>
      ) : (
        <div style={{ maxWidth: 640 }}>
          {rows.map((row) => (
            <div
              key={row.kind}
              style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', padding: '8px 0' }}
              data-testid={`notification-${row.kind}`}
            >
              <div style={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography.Text strong>{t(`notices.settings.kind.${row.kind}`)}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                  {t(`notices.settings.help.${row.kind}`)}
                </Typography.Text>
              </div>
              <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
                <Checkbox checked={row.email} onChange={(e) => set(row.kind, 'email', e.target.checked)}>
                  {t('notices.settings.email')}
                </Checkbox>
                <Tooltip title={phone ? undefined : t('notices.settings.noPhone')}>
                  <Checkbox
                    checked={row.sms}
                    disabled={!phone && !row.sms}
                    onChange={(e) => set(row.kind, 'sms', e.target.checked)}
                  >
                    {t('notices.settings.sms')}
                  </Checkbox>
                </Tooltip>
              </div>
            </div>
          ))}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 13 }}>
            {`${t('notices.settings.sentTo', { email })} ${phone ? t('notices.settings.smsTo', { phone }) : t('notices.settings.noPhone')}`}
          </Typography.Paragraph>
          <Button type="primary" onClick={save} loading={busy} disabled={!changed}>
            {t('common.save')}
          </Button>
        </div>
      )}
    </Card>
  );
}
