import type { ProColumns } from '@ant-design/pro-components';
import { useAccess, useIntl, useModel } from '@umijs/max';
import { Tag } from 'antd';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TStaff } from '@/contracts/staff';
import { listStaff, setStaffActivated } from '@/services/staff';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const StaffForm = lazyForm(() => import('./components/StaffForm'));

/** /staff: the centre's admins and operators. */
export default function StaffPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const canChangeRole = useAccess()['staff:changeRole'];
  const me = useModel('@@initialState').initialState?.currentUser?.id;
  const editor = useRecordEditor<TStaff>();
  const roles = { ROLE_ADMIN: t('lists.staff.role.admin'), ROLE_OPERATOR: t('lists.staff.role.operator') };
  const statuses = { true: { text: t('common.active') }, false: { text: t('common.inactive') } };

  const setActivated = async (staff: TStaff, activated: boolean) => {
    const write = () => setStaffActivated(staff.id, activated);
    if (await runWithMessages(activated ? 'activate' : 'deactivate', write)) editor.reload();
  };
  // The server refuses these; the list says why instead of offering them.
  const rowActions = (staff: TStaff): RowAction[] => {
    const adminOnly = !canChangeRole && staff.role === 'ROLE_ADMIN' ? t('lists.staff.adminOnly') : undefined;
    const own = staff.id === me ? t('lists.staff.ownAccount') : undefined;
    return [
      { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(staff), disabledReason: adminOnly },
      staff.activated
        ? {
            key: 'deactivate',
            label: t('common.deactivate'),
            danger: true,
            confirm: t('lists.staff.confirmDeactivate', { login: staff.login }),
            onClick: () => setActivated(staff, false),
            disabledReason: adminOnly ?? own,
          }
        : {
            key: 'activate',
            label: t('common.activate'),
            onClick: () => setActivated(staff, true),
            disabledReason: adminOnly,
          },
    ];
  };

  const columns: ProColumns<TStaff>[] = [
    { title: t('lists.staff.login'), dataIndex: 'login', sorter: true, width: 120, ellipsis: true },
    {
      title: t('lists.column.name'),
      dataIndex: 'lastName',
      key: 'name',
      sorter: true,
      width: 160,
      ellipsis: true,
      render: (_, staff) => [staff.firstName, staff.lastName].filter(Boolean).join(' '),
    },
    { title: t('lists.column.email'), dataIndex: 'email', sorter: true, width: 180, ellipsis: true },
    { title: t('lists.column.phone'), dataIndex: 'phone', width: 150, ellipsis: true },
    { title: t('lists.staff.role'), dataIndex: 'role', width: 100, render: (_, staff) => roles[staff.role] },
    {
      title: t('common.status'),
      dataIndex: 'activated',
      width: 90,
      render: (_, staff) =>
        staff.activated ? <Tag color="green">{t('common.active')}</Tag> : <Tag>{t('common.inactive')}</Tag>,
    },
    {
      title: t('lists.column.created'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 110,
      render: (_, staff) => format.dayOf(staff.createdAt),
    },
  ];
  const filters: ProColumns<TStaff>[] = [
    {
      title: t('lists.staff.role'),
      dataIndex: 'role',
      valueType: 'select',
      valueEnum: { ROLE_ADMIN: { text: roles.ROLE_ADMIN }, ROLE_OPERATOR: { text: roles.ROLE_OPERATOR } },
    },
    { title: t('common.status'), dataIndex: 'activated', valueType: 'select', valueEnum: statuses },
  ];

  return (
    <RecordListPage<TStaff>
      listKey="staff"
      title={t('lists.staff.title')}
      actionRef={editor.actionRef}
      columns={columns}
      filters={filters}
      hiddenColumns={['createdAt']}
      request={listStaff}
      searchPlaceholder={t('lists.staff.search')}
      create={{ label: t('lists.staff.new'), onClick: editor.create }}
      exportFile={{ url: '/api/staff/export', fileName: 'staff.xlsx' }}
      rowActions={rowActions}
      emptyText={t('lists.staff.empty')}
    >
      <StaffForm {...editor.formProps} />
    </RecordListPage>
  );
}
