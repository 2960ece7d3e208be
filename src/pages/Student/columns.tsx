import type { ProColumns } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { Tag } from 'antd';
import type { TStudent } from '@/contracts/students';
import type { Formatter } from '@/utils/format';

type T = (id: string) => string;
const dashboard = (s: TStudent) => `/student/studentDashboard/${s.id}`;

/** The student list's columns: what fits at 1366 px is shown, the rest is in the column settings. */
export function studentColumns(t: T, format: Formatter, withStatus: boolean): ProColumns<TStudent>[] {
  return [
    { title: t('lists.students.studentId'), dataIndex: 'studentId', sorter: true, width: 120, ellipsis: true },
    {
      title: t('lists.column.name'),
      dataIndex: 'lastName',
      key: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      width: 170,
      ellipsis: true,
      render: (_, s) => <Link to={dashboard(s)}>{`${s.firstName} ${s.lastName}`}</Link>,
    },
    { title: t('lists.column.phone'), dataIndex: 'phone', width: 150, ellipsis: true },
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
      width: 110,
      render: (_, s) => format.money(s.hourlyRate),
    },
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

function statusColumn(t: T): ProColumns<TStudent> {
  return {
    title: t('common.status'),
    dataIndex: 'active',
    width: 90,
    render: (_, s) => (s.active ? <Tag color="green">{t('common.active')}</Tag> : <Tag>{t('common.inactive')}</Tag>),
  };
}

/** The filter form: status (All Students only) and the start date range. */
export function studentFilters(t: T, withStatus: boolean): ProColumns<TStudent>[] {
  return [
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

/** Shown by default at 1366 px; the column settings show the rest. */
export const hiddenStudentColumns = ['email', 'wechat', 'referrer', 'startDate', 'createdAt'];
