import { FilePdfOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, message } from 'antd';
import type { TVoucherPurchase } from '@/contracts/vouchers';
import { downloadReceipt } from '@/services/vouchers';
import type { Formatter } from '@/utils/format';
import { TYPE_IDS, VOUCHER_TYPES, VoucherTypeTag } from './labels';
import { paymentMethodLabel } from './paymentMethods';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The columns of a voucher purchase row, shared by /voucherPurchaseHistory (sortable: date and amounts
 * sort on the server) and the report's purchase history (read-only, in date order).
 */
export function purchaseColumns(
  t: (id: string) => string,
  format: Pick<Formatter, 'money' | 'date'>,
  { sortable = false } = {},
): ProColumns<TVoucherPurchase>[] {
  const money = (amount: string) => <span style={nowrap}>{format.money(amount)}</span>;
  // A sort caret needs room: sortable columns are a little wider.
  const wide = sortable ? 10 : 0;
  return [
    {
      title: t('vouchers.column.purchaseDate'),
      dataIndex: 'purchaseDate',
      sorter: sortable,
      width: 100 + wide,
      render: (_, p) => <span style={nowrap}>{format.date(p.purchaseDate)}</span>,
    },
    {
      title: t('vouchers.column.student'),
      dataIndex: 'student',
      width: 150,
      ellipsis: true,
      render: (_, p) => `${p.student.name} (${p.student.studentId})`,
    },
    {
      title: t('vouchers.column.type'),
      dataIndex: 'type',
      width: 90,
      render: (_, p) => <VoucherTypeTag type={p.type} t={t} />,
    },
    {
      title: t('vouchers.column.voucherAmount'),
      dataIndex: 'voucherAmount',
      sorter: sortable,
      align: 'right',
      width: 120,
      render: (_, p) => money(p.voucherAmount),
    },
    {
      title: t('vouchers.column.giftAmount'),
      dataIndex: 'giftAmount',
      sorter: sortable,
      align: 'right',
      width: 100 + wide,
      render: (_, p) => money(p.giftAmount),
    },
    {
      title: t('vouchers.column.paymentMethod'),
      dataIndex: 'paymentMethod',
      width: 120 + wide,
      ellipsis: true,
      render: (_, p) => paymentMethodLabel(t, p.paymentMethod),
    },
    {
      title: t('vouchers.column.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      width: 120,
      render: (_, p) => money(p.balanceAfter),
    },
    {
      title: t('vouchers.column.enteredBy'),
      dataIndex: 'enteredBy',
      width: 110 + wide,
      ellipsis: true,
      render: (_, p) => p.enteredBy.name,
    },
    { title: t('common.comments'), dataIndex: 'comments', width: 180, ellipsis: true },
  ];
}

/** The receipt download of a row (/voucherPurchaseHistory): a PDF in the reader's language. */
export function receiptColumn(
  t: (id: string, values?: Record<string, string | number>) => string,
  format: Pick<Formatter, 'date'>,
): ProColumns<TVoucherPurchase> {
  return {
    title: t('vouchers.column.receipt'),
    key: 'receipt',
    width: 100,
    fixed: 'right',
    render: (_, p) => (
      <Button
        size="small"
        icon={<FilePdfOutlined />}
        aria-label={t('vouchers.receipt.downloadLabel', { student: p.student.name, date: format.date(p.purchaseDate) })}
        onClick={() => downloadReceipt(p).catch(() => message.error(t('vouchers.receipt.failed')))}
      >
        {t('vouchers.receipt.download')}
      </Button>
    ),
  };
}

/** The type filter of both purchase lists. */
export function purchaseTypeFilter(t: (id: string) => string): ProColumns<TVoucherPurchase> {
  return {
    title: t('vouchers.column.type'),
    dataIndex: 'type',
    valueType: 'select',
    valueEnum: Object.fromEntries(VOUCHER_TYPES.map((type) => [type, { text: t(TYPE_IDS[type]) }])),
  };
}
