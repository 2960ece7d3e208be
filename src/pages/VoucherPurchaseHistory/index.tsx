import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Space, Typography } from 'antd';
import { useState } from 'react';
import RecordListPage from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TVoucherPurchase } from '@/contracts/vouchers';
import { searchStudents } from '@/services/courses';
import type { Query } from '@/services/http';
import { listVoucherPurchases, type VoucherPurchaseList } from '@/services/vouchers';
import { useFormat } from '@/utils/useFormat';
import { purchaseColumns, purchaseTypeFilter, receiptColumn } from './columns';

// Loaded on New: the form is not needed to read the list.
const VoucherPurchaseForm = lazyForm(() => import('./components/VoucherPurchaseForm'));

/** /voucherPurchaseHistory: purchases, refunds and adjustments, newest first, with the filtered totals. */
export default function VoucherPurchaseHistoryPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const editor = useRecordEditor<TVoucherPurchase>();
  const [totals, setTotals] = useState<VoucherPurchaseList['totals']>();

  const request = async (query: Query) => {
    const reply = await listVoucherPurchases(query);
    setTotals(reply.totals);
    return reply;
  };
  const columns = [...purchaseColumns(t, format, { sortable: true }), receiptColumn(t, format)];
  const filters: ProColumns<TVoucherPurchase>[] = [
    {
      title: t('vouchers.column.student'),
      dataIndex: 'studentId',
      valueType: 'select',
      fieldProps: { showSearch: true, filterOption: false, placeholder: t('scheduleViews.filter.studentSearch') },
      debounceTime: 300,
      request: async ({ keyWords }: { keyWords?: string }) => searchStudents(keyWords ?? ''),
    },
    purchaseTypeFilter(t),
    {
      title: t('vouchers.column.dates'),
      dataIndex: 'dates',
      valueType: 'dateRange',
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
  ];

  return (
    <RecordListPage<TVoucherPurchase>
      listKey="voucher-purchases"
      title={t('vouchers.list.title')}
      actionRef={editor.actionRef}
      columns={columns}
      filters={filters}
      hiddenColumns={['comments']}
      request={request}
      exportFile={{ url: '/api/voucher-purchases/export', fileName: 'voucher-purchases.xlsx' }}
      headerTitle={
        totals && (
          <Space size="large" className="voucher-totals" wrap style={{ fontSize: 14, fontWeight: 400 }}>
            <Typography.Text type="secondary">{t('vouchers.list.totals')}</Typography.Text>
            <span>
              {t('vouchers.totals.voucherAmount')}:{' '}
              <Typography.Text strong>{format.money(totals.voucherAmount)}</Typography.Text>
            </span>
            <span>
              {t('vouchers.totals.giftAmount')}:{' '}
              <Typography.Text strong>{format.money(totals.giftAmount)}</Typography.Text>
            </span>
          </Space>
        )
      }
      create={{ label: t('vouchers.list.new'), onClick: editor.create }}
      emptyText={t('vouchers.list.empty')}
    >
      <VoucherPurchaseForm {...editor.formProps} />
    </RecordListPage>
  );
}
