import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { getLocale, Link, useAccess, useIntl, useNavigate, useSearchParams } from '@umijs/max';
import { Button, Card, Empty, Flex, Select, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import PageContainer from '@/components/PageContainer';
import RecordListPage from '@/components/RecordListPage';
import { formatInvoiceNumber, type TCreditEntry, type TPaymentInfo } from '@/contracts/billing';
import { centreOptions } from '@/services/billingCentres';
import type { Query } from '@/services/http';
import { makeFormatter } from '@/utils/format';
import { useFormat } from '@/utils/useFormat';
import { CREDIT_TYPE_IDS, CREDIT_TYPES, CreditTypeTag } from './labels';
import { listCredit, paymentInfo } from './service';
import UpdateCreditForm from './UpdateCreditForm';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * /credit-balance-history: a centre's credit balance and its append-only ledger. A centre's admin
 * sees their own centre; the platform picks a centre (?organisationId=) and may update its credit.
 */
export default function CreditBalanceHistoryPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const platform = (useAccess() as Record<string, boolean>)['billing:cycles'];
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const chosen = Number(search.get('organisationId')) || undefined;
  const organisationId = platform ? chosen : undefined;
  const [info, setInfo] = useState<TPaymentInfo>();
  const [options, setOptions] = useState<{ label: string; value: number }[]>([]);
  const [updating, setUpdating] = useState(false);
  const actionRef = useRef<ActionType>();
  // Amounts in the centre's currency (the platform user has no centre of its own).
  const money = useMemo(() => makeFormatter({ currency: info?.currency, locale: getLocale() }).money, [info?.currency]);

  const loadInfo = useCallback(() => {
    if (platform && !organisationId) return setInfo(undefined);
    paymentInfo(organisationId)
      .then(setInfo)
      .catch(() => setInfo(undefined));
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

  const invoiceLink = (id: number) =>
    platform ? `/billingCycleControl?tab=invoices&invoice=${id}` : `/manage-payment?invoice=${id}`;
  const columns: ProColumns<TCreditEntry>[] = [
    {
      title: t('billingCycles.credit.column.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 140,
      render: (_, e) => <span style={nowrap}>{format.dateTime(e.createdAt)}</span>,
    },
    {
      title: t('billingCycles.credit.column.type'),
      dataIndex: 'type',
      width: 130,
      render: (_, e) => <CreditTypeTag type={e.type} t={t} />,
    },
    {
      title: t('billingCycles.credit.column.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 110,
      render: (_, e) => {
        const negative = e.amount.startsWith('-');
        return (
          <Typography.Text type={negative ? 'danger' : 'success'} style={nowrap} className="credit-amount">
            {negative ? `−${money(e.amount.slice(1))}` : `+${money(e.amount)}`}
          </Typography.Text>
        );
      },
    },
    {
      title: t('billingCycles.credit.column.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      width: 120,
      render: (_, e) => <span style={nowrap}>{money(e.balanceAfter)}</span>,
    },
    {
      title: t('billingCycles.credit.column.invoice'),
      dataIndex: 'invoiceNumber',
      width: 110,
      render: (_, e) =>
        e.invoiceId && e.invoiceNumber ? (
          <Link to={invoiceLink(e.invoiceId)} style={nowrap}>
            {formatInvoiceNumber(e.invoiceNumber)}
          </Link>
        ) : (
          '-'
        ),
    },
    { title: t('common.comments'), dataIndex: 'comments', width: 200, ellipsis: true },
    { title: t('billingCycles.credit.column.by'), dataIndex: 'createdByName', width: 120, ellipsis: true },
  ];
  const filters: ProColumns<TCreditEntry>[] = [
    {
      title: t('billingCycles.credit.column.type'),
      dataIndex: 'type',
      valueType: 'select',
      valueEnum: Object.fromEntries(CREDIT_TYPES.map((type) => [type, { text: t(CREDIT_TYPE_IDS[type]) }])),
    },
  ];

  const picker = platform && (
    <Select
      className="credit-centre-select"
      showSearch
      filterOption={false}
      onSearch={findCentres}
      placeholder={t('billingCycles.credit.chooseCentre')}
      aria-label={t('billingCycles.credit.chooseCentre')}
      style={{ width: 280 }}
      value={organisationId}
      options={
        options.some((o) => o.value === organisationId) || !info
          ? options
          : [...options, { label: info.organisationName, value: info.organisationId }]
      }
      onChange={(id: number) => navigate(`/credit-balance-history?organisationId=${id}`)}
    />
  );
  return (
    <PageContainer title={t('billingCycles.credit.title')} extra={picker}>
      {platform && !organisationId ? (
        <Card>
          <Empty description={t('billingCycles.credit.chooseCentre')} />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Card size="small">
            <Flex justify="space-between" align="center" wrap gap={16}>
              <Statistic
                className="credit-balance"
                title={t('billingCycles.credit.balance', { centre: info?.organisationName ?? '' })}
                value={info ? money(info.creditBalance) : '-'}
                loading={!info}
              />
              {platform && info && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setUpdating(true)}>
                  {t('billingCycles.credit.update')}
                </Button>
              )}
            </Flex>
          </Card>
          <RecordListPage<TCreditEntry>
            listKey="credit-ledger"
            actionRef={actionRef}
            columns={columns}
            filters={filters}
            params={organisationId ? { organisationId } : undefined}
            request={(query: Query) => listCredit(query)}
            emptyText={t('billingCycles.credit.empty')}
          />
        </Flex>
      )}
      {platform && organisationId && (
        <UpdateCreditForm
          open={updating}
          organisationId={organisationId}
          centreName={info?.organisationName ?? ''}
          onClose={() => setUpdating(false)}
          onSaved={() => {
            setUpdating(false);
            loadInfo();
            actionRef.current?.reload();
          }}
        />
      )}
    </PageContainer>
  );
}
