import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Space, Typography } from 'antd';
import { useState } from 'react';
import RecordListPage from '@/components/RecordListPage';
import type { TPurchaseHistoryTotals } from '@/contracts/reports';
import type { TVoucherPurchase } from '@/contracts/vouchers';
import { purchaseColumns, purchaseTypeFilter } from '@/pages/VoucherPurchaseHistory/columns';
import { searchStudents } from '@/services/courses';
import type { Query } from '@/services/http';
import { useCentreZone } from '@/utils/useCentreZone';
import { useFormat } from '@/utils/useFormat';
import { useLocationFilter } from './locationFilter';
import { thisMonthIn, withRange } from './month';
import { PURCHASE_HISTORY_DOWNLOAD, purchaseHistory } from './service';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Voucher purchases, refunds and adjustments of a range (one student or all), oldest first, with totals. */
export default function PurchaseHistoryTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const month = thisMonthIn(useCentreZone());
  const [totals, setTotals] = useState<TPurchaseHistoryTotals>();
  const locationFilter = useLocationFilter<TVoucherPurchase>();

  const request = async (query: Query) => {
    const reply = await purchaseHistory(withRange(query, month));
    setTotals(reply.totals);
    return reply;
  };
  const columns = purchaseColumns(t, format);
  const filters: ProColumns<TVoucherPurchase>[] = [
    {
      title: t('reports.filter.dates'),
      dataIndex: 'dates',
      valueType: 'dateRange',
      initialValue: month,
      fieldProps: { allowClear: false },
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
    {
      title: t('reports.filter.student'),
      dataIndex: 'studentId',
      valueType: 'select',
      fieldProps: { showSearch: true, filterOption: false, placeholder: t('reports.filter.allStudents') },
      debounceTime: 300,
      request: async ({ keyWords }: { keyWords?: string }) => searchStudents(keyWords ?? ''),
    },
    purchaseTypeFilter(t),
    ...locationFilter,
  ];
  const figure = (id: string, amount: string) => (
    <span style={nowrap}>
      {t(id)}: <Typography.Text strong>{format.money(amount)}</Typography.Text>
    </span>
  );

  return (
    <RecordListPage<TVoucherPurchase>
      listKey="report-purchases"
      columns={columns}
      filters={filters}
      hiddenColumns={['comments']}
      request={request}
      exportFile={{ url: PURCHASE_HISTORY_DOWNLOAD, fileName: 'purchase-history.xlsx' }}
      headerTitle={
        totals && (
          <Space size="middle" wrap className="report-totals" style={{ fontSize: 14, fontWeight: 400 }}>
            <Typography.Text type="secondary">{t('reports.totals')}</Typography.Text>
            {figure('reports.purchases.purchased', totals.purchased)}
            {figure('reports.purchases.gift', totals.giftAmount)}
            {figure('reports.purchases.refunded', totals.refunded)}
            {figure('reports.purchases.adjusted', totals.adjusted)}
            {figure('reports.purchases.net', totals.net)}
          </Space>
        )
      }
      emptyText={t('reports.purchases.empty')}
      filteredEmptyText={t('reports.purchases.empty')}
    />
  );
}
