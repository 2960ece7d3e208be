import { useIntl } from '@umijs/max';
import { Button, Card, message, Popconfirm, Result, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { TSession } from '@/contracts/account';
import { useFormat } from '@/utils/useFormat';
import { listSessions, revokeSession } from '../service';
import SignOutEverywhere from './SignOutEverywhere';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; sessions: TSession[] };

/**
 * "Signed-in devices" (issue 20, finding 12): the account's live sessions (browser and OS, when it
 * signed in, when it was last active), this device marked; any other one can be signed out here, and
 * every one at once below.
 */
export default function SessionsCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<string>();

  const fetch = useCallback(() => {
    listSessions()
      .then((sessions) => setLoad({ state: 'loaded', sessions }))
      .catch(() => setLoad({ state: 'failed' }));
  }, []);
  useEffect(fetch, [fetch]);

  const deviceName = (session: TSession) =>
    t('pages.profile.sessions.deviceName', {
      browser: session.browser ?? t('pages.profile.sessions.unknownBrowser'),
      os: session.os ?? t('pages.profile.sessions.unknownOs'),
    });

  const signOut = async (session: TSession) => {
    setBusy(session.id);
    try {
      await revokeSession(session.id);
      message.success(t('pages.profile.sessions.signedOut'));
    } catch {
      // The request layer has shown why.
    }
    setBusy(undefined);
    fetch();
  };

  const title = t('pages.profile.sessions');
  return (
    <Card title={title} data-testid="signed-in-devices">
      {load.state === 'failed' ? (
        <Result
          status="warning"
          title={t('pages.profile.sessions.loadFailed')}
          extra={<Button onClick={fetch}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<TSession>
          rowKey="id"
          size="small"
          loading={load.state === 'loading'}
          dataSource={load.state === 'loaded' ? load.sessions : []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          style={{ maxWidth: 880, marginBottom: 24 }}
          columns={[
            {
              key: 'device',
              title: t('pages.profile.sessions.device'),
              render: (_, session) => (
                <>
                  {deviceName(session)}
                  {session.current ? (
                    <Tag color="blue" style={{ marginInlineStart: 8 }}>
                      {t('pages.profile.sessions.thisDevice')}
                    </Tag>
                  ) : null}
                </>
              ),
            },
            {
              key: 'createdAt',
              title: t('pages.profile.sessions.signedIn'),
              render: (_, session) => format.dateTime(session.createdAt),
            },
            {
              key: 'lastSeenAt',
              title: t('pages.profile.sessions.lastActive'),
              render: (_, session) => format.dateTime(session.lastSeenAt),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_, session) =>
                session.current ? null : (
                  <Popconfirm title={t('pages.profile.sessions.signOut.confirm')} onConfirm={() => signOut(session)}>
                    <Button
                      size="small"
                      loading={busy === session.id}
                      aria-label={t('pages.profile.sessions.signOutLabel', {
                        device: deviceName(session),
                        signedIn: format.dateTime(session.createdAt),
                      })}
                    >
                      {t('pages.profile.sessions.signOut')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
      <SignOutEverywhere />
    </Card>
  );
}
