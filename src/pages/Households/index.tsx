import type { ProColumns } from '@ant-design/pro-components';
import { Link, useIntl } from '@umijs/max';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import type { THousehold } from '@/contracts/households';
import { listHouseholds } from '@/services/households';
import { useFormat } from '@/utils/useFormat';

/** /student/households: the centre's families, found by a name, a child, a guardian, an email or a phone. */
export default function HouseholdsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const columns: ProColumns<THousehold>[] = [
    {
      title: t('households.column.name'),
      dataIndex: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      width: 160,
      ellipsis: true,
      render: (_, h) => <Link to={`/student/households/${h.id}`}>{h.name}</Link>,
    },
    {
      title: t('households.column.students'),
      dataIndex: 'students',
      width: 240,
      ellipsis: true,
      render: (_, h) => h.students.map((s) => s.name).join(', '),
    },
    {
      title: t('households.column.guardians'),
      dataIndex: 'guardians',
      width: 260,
      ellipsis: true,
      render: (_, h) => h.guardians.map((g) => g.name ?? g.email ?? g.phone).join(', ') || '—',
    },
    {
      title: t('households.column.balance'),
      dataIndex: 'balance',
      align: 'right',
      width: 130,
      render: (_, h) => <span style={{ whiteSpace: 'nowrap' }}>{format.money(h.balance)}</span>,
    },
  ];
  const rowActions = (h: THousehold): RowAction[] => [
    { key: 'open', label: t('households.open'), to: `/student/households/${h.id}` },
  ];
  return (
    <RecordListPage<THousehold>
      listKey="households"
      title={t('households.title')}
      columns={columns}
      request={listHouseholds}
      searchPlaceholder={t('households.search')}
      rowActions={rowActions}
      emptyText={t('households.empty')}
    />
  );
}
