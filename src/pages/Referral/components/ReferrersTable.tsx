import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import RecordListPage from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TReferrer } from '@/contracts/referrals';
import { listReferrers } from '@/services/students';
import { useFormat } from '@/utils/useFormat';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const ReferrerForm = lazyForm(() => import('./ReferrerForm'));

/** The centre's referrers: the people and partners who send students. */
export default function ReferrersTable() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const editor = useRecordEditor<TReferrer>();
  const columns: ProColumns<TReferrer>[] = [
    {
      title: t('lists.column.name'),
      dataIndex: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      width: 180,
      ellipsis: true,
    },
    { title: t('lists.column.phone'), dataIndex: 'phone', width: 150, ellipsis: true },
    { title: t('lists.column.email'), dataIndex: 'email', width: 200, ellipsis: true },
    { title: t('lists.column.wechat'), dataIndex: 'wechat', width: 120, ellipsis: true },
    { title: t('common.comments'), dataIndex: 'comments', width: 200, ellipsis: true },
    {
      title: t('lists.column.created'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 110,
      render: (_, r) => format.dayOf(r.createdAt),
    },
  ];
  return (
    <RecordListPage<TReferrer>
      listKey="referrers"
      actionRef={editor.actionRef}
      columns={columns}
      hiddenColumns={['createdAt']}
      request={listReferrers}
      searchPlaceholder={t('lists.referrers.search')}
      create={{ label: t('lists.referrers.new'), onClick: editor.create }}
      rowActions={(referrer) => [{ key: 'edit', label: t('common.edit'), onClick: () => editor.edit(referrer) }]}
      emptyText={t('lists.referrers.empty')}
    >
      <ReferrerForm {...editor.formProps} />
    </RecordListPage>
  );
}
