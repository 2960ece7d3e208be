import type { ProColumns } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { Tag, Typography } from 'antd';
import type { TStudentListItem as TStudent } from '@/contracts/students';
import type { Formatter } from '@/utils/format';

type T = (id: string) => string;
const dashboard = (s: TStudent) => `/student/studentDashboard/${s.id}`;
const nowrap = { whiteSpace: 'nowrap' } as const;

type Place = { id: number; name: string };

/**
 * The student list's columns: what fits at 1366 px is shown, the rest is in the column settings.
 * `locations`: the centre's locations when it has several (issue 23), for a Location column.
 */
export function studentColumns(
  t: T,
  format: Formatter,
  withStatus: boolean,
  locations: Place[] = [],
): ProColumns<TStudent>[] {
  const names = new Map(locations.map((l) => [l.id, l.name]));
  return [
    { title: t('lists.students.studentId'), dataIndex: 'studentId', sorter: true, width: 105, ellipsis: true },
    {
      title: t('lists.column.name'),
      dataIndex: 'lastName',
      key: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      width: 115,
      ellipsis: true,
      render: (_, s) => <Link to={dashboard(s)}>{`${s.firstName} ${s.lastName}`}</Link>,
    },
    ...(locations.length
      ? [
          {
            title: t('sites.location'),
            dataIndex: 'locationId',
            key: 'location',
            width: 100,
            ellipsis: true,
            render: (_: unknown, s: TStudent) => (s.locationId ? (names.get(s.locationId) ?? '') : ''),
          },
        ]
      : []),
    { title: t('lists.column.phone'), dataIndex: 'phone', width: 140, ellipsis: true },
    { title: t('lists.column.email'), dataIndex: 'email', width: 190, ellipsis: true },
    { title: t('lists.column.wechat'), dataIndex: 'wechat', width: 120, ellipsis: true },
    {
      title: t('lists.students.referrer'),
      dataIndex: ['referrer', 'name'],
      key: 'referrer',
      width: 140,
      ellipsis: true,
    },
    {
      title: t('lists.column.startDate'),
      dataIndex: 'startDate',
      sorter: true,
      width: 110,
      render: (_, s) => format.date(s.startDate),
    },
    {
      title: t('lists.column.hourlyRate'),
      dataIndex: 'hourlyRate',
      sorter: true,
      align: 'right',
      width: 90,
      render: (_, s) => format.money(s.hourlyRate),
    },
    ...moneyColumns(t, format),
    ...(withStatus ? [statusColumn(t)] : []),
    {
      title: t('lists.column.created'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 110,
      render: (_, s) => format.dayOf(s.createdAt),
    },
  ];
}

/**
 * Money from the ledger: the balance (a negative one is owed, in red) and the totals purchased, gift
 * and paid from voucher (the server sums them for the shown page only).
 */
function moneyColumns(t: T, format: Formatter): ProColumns<TStudent>[] {
  const amount = (key: 'totalPurchased' | 'totalGift' | 'totalPaidFromVoucher', title: string, width: number) => ({
    title,
    dataIndex: key,
    align: 'right' as const,
    width,
    render: (_: unknown, s: TStudent) => <span style={nowrap}>{format.money(s[key])}</span>,
  });
  return [
    {
      title: t('lists.students.money.balance'),
      dataIndex: 'voucherBalance',
      align: 'right',
      width: 100,
      render: (_, s) =>
        s.voucherBalance.startsWith('-') ? (
          <Typography.Text type="danger" title={t('lists.students.money.owing')} style={nowrap}>
            {format.money(s.voucherBalance)}
          </Typography.Text>
        ) : (
          <span style={nowrap}>{format.money(s.voucherBalance)}</span>
        ),
    },
    amount('totalPurchased', t('lists.students.money.purchased'), 110),
    amount('totalGift', t('lists.students.money.gift'), 90),
    amount('totalPaidFromVoucher', t('lists.students.money.paid'), 105),
  ];
}

function statusColumn(t: T): ProColumns<TStudent> {
  return {
    title: t('common.status'),
    dataIndex: 'active',
    width: 70,
    render: (_, s) => (s.active ? <Tag color="green">{t('common.active')}</Tag> : <Tag>{t('common.inactive')}</Tag>),
  };
}

/**
 * The filter form: status (All Students only), the location (a centre with several, issue 23) and the
 * start date range.
 */
export function studentFilters(t: T, withStatus: boolean, locations: Place[] = []): ProColumns<TStudent>[] {
  return [
    ...(locations.length
      ? [
          {
            title: t('sites.location'),
            dataIndex: 'locationId',
            valueType: 'select' as const,
            valueEnum: Object.fromEntries(locations.map((l) => [String(l.id), { text: l.name }])),
          },
        ]
      : []),
    ...(withStatus
      ? [
          {
            title: t('common.status'),
            dataIndex: 'active',
            valueType: 'select' as const,
            valueEnum: { true: { text: t('common.active') }, false: { text: t('common.inactive') } },
          },
        ]
      : []),
    {
      title: t('lists.column.startDate'),
      dataIndex: 'startDateRange',
      valueType: 'dateRange',
      search: { transform: ([from, to]: string[]) => ({ startDateFrom: from, startDateTo: to }) },
    },
  ];
}

/** Hidden by default so the list fits 1366 px (with the money columns); the column settings show them. */
export const hiddenStudentColumns = ['phone', 'email', 'wechat', 'referrer', 'startDate', 'totalGift', 'createdAt'];

/**
 * The same for a centre with several locations: the Location column takes the hourly rate's place (the
 * rate stays in the student's form and dashboard, and one click away in the column settings).
 */
export const hiddenStudentColumnsWithLocations = [...hiddenStudentColumns, 'hourlyRate'];
