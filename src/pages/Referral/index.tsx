import type { ProColumns } from '@ant-design/pro-components';
import { Link, useIntl } from '@umijs/max';
import { Tabs } from 'antd';
import PageContainer from '@/components/PageContainer';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TReferral } from '@/contracts/referrals';
import { deleteReferral, listReferrals } from '@/services/students';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import ReferrerSelect from './components/ReferrerSelect';
import ReferrersTable from './components/ReferrersTable';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const ReferralForm = lazyForm(() => import('./components/ReferralForm'));

function ReferralsTable() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const editor = useRecordEditor<TReferral>();

  const remove = async (referral: TReferral) => {
    if (await runWithMessages('delete', () => deleteReferral(referral.id))) editor.reload();
  };
  const rowActions = (referral: TReferral): RowAction[] => [
    { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(referral) },
    {
      key: 'delete',
      label: t('common.delete'),
      danger: true,
      confirm: t('lists.referrals.confirmDelete'),
      onClick: () => remove(referral),
    },
  ];
  const columns: ProColumns<TReferral>[] = [
    {
      title: t('lists.referrals.referrer'),
      dataIndex: 'referrer',
      width: 180,
      ellipsis: true,
      render: (_, r) => r.referrer.name,
    },
    {
      title: t('lists.column.student'),
      dataIndex: 'student',
      width: 180,
      ellipsis: true,
      render: (_, r) => r.student && <Link to={`/student/studentDashboard/${r.student.id}`}>{r.student.name}</Link>,
    },
    { title: t('common.comments'), dataIndex: 'comments', width: 300, ellipsis: true },
    {
      title: t('lists.column.created'),
      dataIndex: 'createdAt',
      sorter: true,
      defaultSortOrder: 'descend',
      width: 150,
      render: (_, r) => format.dateTime(r.createdAt),
    },
  ];
  const filters: ProColumns<TReferral>[] = [
    {
      title: t('lists.referrals.referrer'),
      dataIndex: 'referrerId',
      renderFormItem: () => <ReferrerSelect noStyle placeholder={t('lists.referrals.anyReferrer')} />,
    },
  ];

  return (
    <RecordListPage<TReferral>
      listKey="referrals"
      actionRef={editor.actionRef}
      columns={columns}
      filters={filters}
      request={listReferrals}
      create={{ label: t('lists.referrals.new'), onClick: editor.create }}
      exportFile={{ url: '/api/referrals/export', fileName: 'referrals.xlsx' }}
      rowActions={rowActions}
      emptyText={t('lists.referrals.empty')}
    >
      <ReferralForm {...editor.formProps} />
    </RecordListPage>
  );
}

/** /Referral: who referred which student, and the centre's referrers. */
export default function ReferralPage() {
  const intl = useIntl();
  return (
    <PageContainer title={intl.formatMessage({ id: 'lists.referrals.title' })}>
      <Tabs
        items={[
          { key: 'referrals', label: intl.formatMessage({ id: 'lists.referrals.tab' }), children: <ReferralsTable /> },
          { key: 'referrers', label: intl.formatMessage({ id: 'lists.referrers.tab' }), children: <ReferrersTable /> },
        ]}
      />
    </PageContainer>
  );
}
