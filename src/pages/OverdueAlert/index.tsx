import { getLocale, Link, useIntl, useModel } from '@umijs/max';
import { Alert, Button, Card, message, Result, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { runBillingWrite } from '@/components/BillingModal/messages';
import { formatInvoiceNumber, type TInvoice } from '@/contracts/billing';
import { billingStatus, cardName, chargeInvoice, paymentInfo, startCheckout } from '@/services/billingPayment';
import { makeFormatter } from '@/utils/format';
import { concernsOverdue, loadOverdueFor, refreshOverdue, useOverdue } from '@/utils/useOverdue';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * /overdueAlert: shown once per session after an admin whose centre has an overdue invoice signs in
 * (and from the banner's Pay now). Admins pay with the saved card or save a new one; operators are
 * told to contact their admin.
 */
export default function OverdueAlertPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { initialState } = useModel('@@initialState');
  const overdue = useOverdue();
  const user = initialState?.currentUser;
  const concerned = concernsOverdue(user?.authorities);
  const [card, setCard] = useState<string | null>();
  const [configured, setConfigured] = useState(false);
  const [paying, setPaying] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!concerned) return setLoaded(true);
    loadOverdueFor(user?.login, user?.authorities);
    void refreshOverdue().finally(() => setLoaded(true));
  }, [concerned, user]);
  const canPay = !!overdue?.canPay;
  useEffect(() => {
    if (!canPay) return;
    billingStatus()
      .then((s) => setConfigured(s.configured))
      .catch(() => setConfigured(false));
    paymentInfo()
      .then((info) => setCard(info.card ? cardName(info.card) : null))
      .catch(() => setCard(null));
  }, [canPay]);

  const invoices = overdue?.invoices ?? [];
  const payAll = async () => {
    if (paying) return;
    setPaying(true);
    let paidAll = true;
    for (const invoice of invoices) {
      const ok = await runBillingWrite(() => chargeInvoice(invoice.id), 'billingCycles.server.invoiceChargeFailed');
      if (!ok) {
        paidAll = false;
        break;
      }
    }
    await refreshOverdue();
    setPaying(false);
    if (paidAll) message.success(t('billing.overdue.allPaid'));
  };
  const newCard = () =>
    runBillingWrite(() => startCheckout(undefined, '/overdueAlert'), 'billing.payment.checkoutFailed');

  const continueLink = (
    <Link to="/" key="continue">
      {t('billing.overdue.continue')}
    </Link>
  );
  if (!loaded) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!overdue?.overdue)
    return (
      <Result
        status="success"
        title={<h1 className="levelup-page-title">{t('billing.overdue.none')}</h1>}
        extra={continueLink}
        className="overdue-none"
      />
    );
  if (!overdue.canPay)
    return (
      <Result
        status="warning"
        title={<h1 className="levelup-page-title">{t('billing.overdue.operator')}</h1>}
        extra={continueLink}
        className="overdue-operator"
      />
    );

  const money = (invoice: TInvoice) =>
    makeFormatter({ currency: invoice.currency, locale: getLocale() }).money(invoice.total);
  return (
    <Card style={{ maxWidth: 860, margin: '24px auto' }}>
      <Result
        status="warning"
        title={<h1 className="levelup-page-title">{t('billing.overdue.title')}</h1>}
        subTitle={t('billing.overdue.subTitle')}
        className="overdue-alert"
        extra={
          <Space wrap>
            {configured && card && (
              <Button type="primary" loading={paying} onClick={payAll}>
                {t('billing.overdue.payWithCard')} ({card})
              </Button>
            )}
            {configured && (
              <Button onClick={newCard} disabled={paying}>
                {t('billing.overdue.newCard')}
              </Button>
            )}
            {continueLink}
          </Space>
        }
      >
        {!configured && (
          <Alert type="info" showIcon message={t('billing.payment.notConfigured')} style={{ marginBottom: 12 }} />
        )}
        <Table<TInvoice>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={invoices}
          className="overdue-invoices"
          columns={[
            {
              title: t('billing.column.number'),
              dataIndex: 'number',
              width: 110,
              render: (_, i) => <span style={nowrap}>{formatInvoiceNumber(i.number)}</span>,
            },
            {
              title: t('billing.column.dueDate'),
              dataIndex: 'dueDate',
              width: 110,
              render: (_, i) => <span style={nowrap}>{i.dueDate}</span>,
            },
            {
              title: t('billing.column.total'),
              dataIndex: 'total',
              align: 'right',
              width: 110,
              render: (_, i) => <span style={nowrap}>{money(i)}</span>,
            },
            {
              title: t('billing.column.status'),
              key: 'error',
              render: (_, i) =>
                i.lastChargeError ? (
                  <Typography.Text type="danger">{i.lastChargeError}</Typography.Text>
                ) : (
                  <Typography.Text type="danger">{t('billing.status.OVERDUE')}</Typography.Text>
                ),
            },
          ]}
        />
      </Result>
    </Card>
  );
}
