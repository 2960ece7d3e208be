import { CreditCardOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { getLocale, useAccess, useIntl, useNavigate, useSearchParams } from '@umijs/max';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  message,
  Popconfirm,
  Row,
  Select,
  Space,
  Spin,
  Statistic,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { runBillingWrite } from '@/components/BillingModal/messages';
import InvoiceList, { getInvoice, withoutInvoice } from '@/components/InvoiceList';
import PageContainer from '@/components/PageContainer';
import type { RowAction } from '@/components/RecordListPage';
import type { TBillingStatus, TInvoice, TPaymentInfo } from '@/contracts/billing';
import { centreOptions } from '@/services/billingCentres';
import {
  billingStatus,
  cardExpiry,
  cardName,
  chargeInvoice,
  paymentInfo,
  removeCard,
  startCheckout,
} from '@/services/billingPayment';
import { makeFormatter } from '@/utils/format';
import { refreshOverdue } from '@/utils/useOverdue';
import ConnectCard from './ConnectCard';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * /manage-payment: a centre's saved card (add, replace, remove through Stripe Checkout), its credit
 * balance and tax rate, and its invoices (Pay now, PDF, details). The platform picks a centre first
 * (?organisationId=). Without Stripe keys the page says invoices are marked paid by hand.
 * ?invoice=<id> opens that invoice's details (the credit ledger links here). A centre's admin also
 * connects the centre's own Stripe account for family card payments (ConnectCard, ?connect=return|refresh).
 */
export default function ManagePaymentPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const access = useAccess() as Record<string, boolean>;
  const platform = access['billing:cycles'];
  // Family card payments (issue 21): the centre's own Stripe account, its admin only.
  const connects = access['payments:connect'] && !platform;
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const chosen = Number(search.get('organisationId')) || undefined;
  const organisationId = platform ? chosen : undefined;
  // ?invoice=<id> (a credit-ledger link): that invoice's details open over its centre's list.
  const openInvoiceId = Number(search.get('invoice')) || undefined;
  const [status, setStatus] = useState<TBillingStatus>();
  const [info, setInfo] = useState<TPaymentInfo>();
  const [infoFailed, setInfoFailed] = useState(false);
  const [options, setOptions] = useState<{ label: string; value: number }[]>([]);
  const [busy, setBusy] = useState<'checkout' | 'remove'>();
  const [paying, setPaying] = useState<Set<number>>(new Set());
  const actionRef = useRef<ActionType>();
  const configured = status?.configured ?? false;
  const money = useMemo(() => makeFormatter({ currency: info?.currency, locale: getLocale() }).money, [info?.currency]);

  useEffect(() => {
    billingStatus()
      .then(setStatus)
      .catch(() => setStatus({ configured: false, publishableKey: null }));
  }, []);
  const loadInfo = useCallback(() => {
    setInfoFailed(false);
    if (platform && !organisationId) return setInfo(undefined);
    paymentInfo(organisationId)
      .then(setInfo)
      .catch(() => {
        setInfo(undefined);
        setInfoFailed(true);
      });
  }, [platform, organisationId]);
  useEffect(loadInfo, [loadInfo]);
  const findCentres = useCallback((q?: string) => {
    centreOptions(q)
      .then(setOptions)
      .catch(() => setOptions([]));
  }, []);
  useEffect(() => {
    if (platform) findCentres();
  }, [platform, findCentres]);
  // The platform has no centre of its own: an invoice link without one opens the invoice's centre.
  useEffect(() => {
    if (!platform || chosen || !openInvoiceId) return;
    getInvoice(openInvoiceId)
      .then((invoice) =>
        navigate(`/manage-payment?organisationId=${invoice.organisationId}&invoice=${openInvoiceId}`, {
          replace: true,
        }),
      )
      .catch(() => message.error(intl.formatMessage({ id: 'billing.invoice.loadFailed' })));
  }, [platform, chosen, openInvoiceId, navigate, intl]);

  const checkout = async () => {
    setBusy('checkout');
    const ok = await runBillingWrite(() => startCheckout(organisationId), 'billing.payment.checkoutFailed');
    if (!ok) setBusy(undefined); // on success the browser is leaving for the card page
  };
  const remove = async () => {
    setBusy('remove');
    const ok = await runBillingWrite(
      async () => setInfo(await removeCard(organisationId)),
      'billing.payment.removeCard',
    );
    setBusy(undefined);
    if (ok) message.success(t('billing.payment.removed'));
  };
  const pay = async (invoice: TInvoice) => {
    if (paying.has(invoice.id)) return;
    setPaying((s) => new Set(s).add(invoice.id));
    const ok = await runBillingWrite(() => chargeInvoice(invoice.id), 'billingCycles.server.invoiceChargeFailed');
    setPaying((s) => {
      const next = new Set(s);
      next.delete(invoice.id);
      return next;
    });
    if (ok) message.success(t('billing.invoice.paid'));
    actionRef.current?.reload(); // a decline is recorded on the invoice too
    loadInfo();
    void refreshOverdue();
  };
  const rowActions = (invoice: TInvoice): RowAction[] =>
    configured && info?.card && invoice.status === 'UNPAID' && !invoice.chargePending
      ? [
          paying.has(invoice.id)
            ? { key: 'pay', label: t('billing.invoice.paying'), disabledReason: t('billing.invoice.paying') }
            : { key: 'pay', label: t('billing.invoice.payNow'), onClick: () => pay(invoice) },
        ]
      : [];

  const cardCard = (
    <Card size="small" title={t('billing.payment.card')} className="payment-card">
      {info?.card ? (
        <Space direction="vertical" size={4}>
          <Space>
            <CreditCardOutlined style={{ fontSize: 20 }} />
            <Typography.Text strong className="card-name" style={nowrap}>
              {cardName(info.card)}
            </Typography.Text>
          </Space>
          <Typography.Text type="secondary" className="card-expiry">
            {t('billing.payment.expires', { date: cardExpiry(info.card) })}
          </Typography.Text>
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('billing.payment.noCard')}</Typography.Text>
      )}
      {configured && (
        <div style={{ marginTop: 12 }}>
          <Space wrap>
            <Button type="primary" loading={busy === 'checkout'} onClick={checkout}>
              {t(info?.card ? 'billing.payment.replaceCard' : 'billing.payment.addCard')}
            </Button>
            {info?.card && (
              <Popconfirm
                title={t('billing.payment.removeConfirm')}
                okText={t('billing.payment.removeCard')}
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button danger loading={busy === 'remove'}>
                  {t('billing.payment.removeCard')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </div>
      )}
    </Card>
  );

  const summary = info && (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col xs={24} md={12}>
        {cardCard}
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic
            title={t('billing.payment.creditBalance')}
            value={money(info.creditBalance)}
            className="credit-balance"
          />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic
            title={t('billing.payment.taxRate')}
            value={`${(Number(info.taxRate) * 100).toFixed(2).replace(/\.?0+$/, '')} %`}
            className="tax-rate"
          />
        </Card>
      </Col>
    </Row>
  );

  return (
    <PageContainer
      title={t('menu.manage-payment')}
      subTitle={info && platform ? info.organisationName : undefined}
      extra={
        platform && (
          <Select
            showSearch
            allowClear
            style={{ width: 260 }}
            placeholder={t('billing.payment.chooseCentre')}
            aria-label={t('billing.payment.centre')}
            options={options}
            value={organisationId}
            filterOption={false}
            onSearch={findCentres}
            onChange={(value?: number) =>
              navigate(value ? `/manage-payment?organisationId=${value}` : '/manage-payment')
            }
          />
        )
      }
    >
      {status && !configured && (
        <Alert
          type="info"
          showIcon
          className="billing-not-configured"
          style={{ marginBottom: 16 }}
          message={t('billing.payment.notConfigured')}
        />
      )}
      {platform && !organisationId ? (
        <Empty description={t('billing.payment.chooseCentre')} />
      ) : (
        <>
          {infoFailed && <Alert type="error" style={{ marginBottom: 16 }} message={t('billing.payment.loadFailed')} />}
          {!info && !infoFailed && <Spin />}
          {summary}
          {info && connects && <ConnectCard />}
          {/* After the card and status: the actions column is sized for the first rows' actions (Pay now). */}
          {info && status && (
            <InvoiceList
              organisationId={organisationId}
              actionRef={actionRef}
              rowActions={rowActions}
              headerTitle={t('billing.payment.invoices')}
              openInvoiceId={openInvoiceId}
              onInvoiceClosed={() => setSearch(withoutInvoice(search), { replace: true })}
            />
          )}
        </>
      )}
    </PageContainer>
  );
}
