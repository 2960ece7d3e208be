import { useIntl, useSearchParams } from '@umijs/max';
import { Alert, Button, Card, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { runBillingWrite } from '@/components/BillingModal/messages';
import type { TConnectStatus } from '@/contracts/connect';
import { connectAccountLink, connectState, connectStatus, refreshConnect } from '@/services/billingConnect';

const stateColour = { notConfigured: 'default', notConnected: 'default', notFinished: 'warning', accepting: 'success' };

/**
 * "Family card payments" on /manage-payment (a centre's admin, payments:connect): whether the centre's
 * own Stripe account is connected and accepts card payments, and the button to Stripe's onboarding.
 * Stripe sends the admin back to ?connect=return (the status is read from Stripe and shown) or, when
 * the link expired, ?connect=refresh (a new link is opened, as Stripe asks).
 */
export default function ConnectCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [search, setSearch] = useSearchParams();
  const [status, setStatus] = useState<TConnectStatus>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [returned, setReturned] = useState<'ready' | 'notReady'>();
  const handled = useRef(false);

  const openStripe = async () => {
    setBusy(true);
    const ok = await runBillingWrite(async () => {
      const { url } = await connectAccountLink();
      window.location.assign(url);
    }, 'billing.connect.linkFailed');
    if (!ok) setBusy(false); // on success the browser is leaving for Stripe
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit; ?connect= is read then dropped
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const back = search.get('connect');
    if (back) {
      const next = new URLSearchParams(search);
      next.delete('connect');
      setSearch(next, { replace: true });
    }
    if (back === 'return') {
      setBusy(true);
      void runBillingWrite(async () => {
        const fresh = await refreshConnect();
        setStatus(fresh);
        setReturned(fresh.chargesEnabled ? 'ready' : 'notReady');
      }, 'billing.connect.refreshFailed').then((ok) => {
        setBusy(false);
        if (!ok) load();
      });
      return;
    }
    load();
    if (back === 'refresh') void openStripe();
  }, []);

  function load() {
    connectStatus()
      .then((value) => {
        setFailed(false);
        setStatus(value);
      })
      .catch(() => setFailed(true));
  }

  const state = status && connectState(status);
  return (
    <Card
      size="small"
      className="connect-card"
      style={{ marginBottom: 16 }}
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('billing.connect.title')}
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary">{t('billing.connect.intro')}</Typography.Paragraph>
      {failed && <Alert type="error" showIcon message={t('billing.connect.loadFailed')} />}
      {/* A spinner's div may not carry a name (axe aria-prohibited-attr): the status region does. */}
      {!status && !failed && (
        <div role="status" aria-label={t('billing.connect.checking')}>
          <Spin />
        </div>
      )}
      {returned && (
        <Alert
          className="connect-returned"
          style={{ marginBottom: 12 }}
          showIcon
          type={returned === 'ready' ? 'success' : 'warning'}
          message={t(returned === 'ready' ? 'billing.connect.returnedReady' : 'billing.connect.returnedNotReady')}
        />
      )}
      {status && state && (
        <Space direction="vertical" size={8}>
          {state === 'notConfigured' ? (
            <Typography.Text className="connect-status">{t('billing.connect.notConfigured')}</Typography.Text>
          ) : (
            <Space wrap>
              <Typography.Text>{t('billing.connect.status')}:</Typography.Text>
              <Tag color={stateColour[state]} className="connect-status">
                {t(`billing.connect.${state}`)}
              </Tag>
              {status.accountId && (
                <Typography.Text type="secondary" className="connect-account" copyable={{ text: status.accountId }}>
                  {t('billing.connect.account', { id: status.accountId })}
                </Typography.Text>
              )}
            </Space>
          )}
          {(state === 'notConnected' || state === 'notFinished') && (
            <Button type="primary" loading={busy} onClick={openStripe}>
              {t(state === 'notConnected' ? 'billing.connect.connect' : 'billing.connect.finish')}
            </Button>
          )}
        </Space>
      )}
    </Card>
  );
}
