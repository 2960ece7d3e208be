import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TTerm } from '@/contracts/terms';
import { courseOptions, deleteTerm, listTerms, teacherOptions } from '@/services/courses';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const TermForm = lazyForm(() => import('./components/TermForm'));

const selectProps = { showSearch: true, optionFilterProp: 'label' };

/** /term: terms of the centre's courses, newest first. */
export default function TermPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const editor = useRecordEditor<TTerm>();

  const remove = async (term: TTerm) => {
    if (await runWithMessages('delete', () => deleteTerm(term.id))) editor.reload();
  };
  const rowActions = (term: TTerm): RowAction[] => [
    { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(term) },
    {
      key: 'delete',
      label: t('common.delete'),
      danger: true,
      confirm: t('lists.terms.confirmDelete'),
      onClick: () => remove(term),
    },
  ];
  const columns: ProColumns<TTerm>[] = [
    { title: t('names.term.name'), dataIndex: 'name', sorter: true, width: 200, ellipsis: true },
    {
      title: t('lists.column.course'),
      dataIndex: 'course',
      width: 160,
      ellipsis: true,
      render: (_, term) => term.course.name,
    },
    {
      title: t('lists.column.teacher'),
      dataIndex: 'teacher',
      width: 130,
      ellipsis: true,
      render: (_, term) => term.teacher?.name,
    },
    { title: t('lists.column.school'), dataIndex: 'school', sorter: true, width: 120, ellipsis: true },
    {
      title: t('lists.column.startDate'),
      dataIndex: 'startDate',
      sorter: true,
      width: 110,
      render: (_, term) => format.date(term.startDate),
    },
    {
      title: t('lists.column.endDate'),
      dataIndex: 'endDate',
      sorter: true,
      width: 110,
      render: (_, term) => format.date(term.endDate),
    },
    { title: t('common.comments'), dataIndex: 'comments', width: 200, ellipsis: true },
    {
      title: t('lists.column.created'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 110,
      render: (_, term) => format.dayOf(term.createdAt),
    },
  ];
  const filters: ProColumns<TTerm>[] = [
    {
      title: t('lists.column.course'),
      dataIndex: 'courseId',
      valueType: 'select',
      fieldProps: selectProps,
      request: async () => (await courseOptions()).map((c) => ({ value: c.id, label: c.name })),
    },
    {
      title: t('lists.column.teacher'),
      dataIndex: 'teacherId',
      valueType: 'select',
      fieldProps: selectProps,
      request: async () => (await teacherOptions()).map((c) => ({ value: c.id, label: c.name })),
    },
    {
      title: t('lists.terms.dates'),
      dataIndex: 'dates',
      valueType: 'dateRange',
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
  ];

  return (
    <RecordListPage<TTerm>
      listKey="terms"
      title={t('lists.terms.title')}
      actionRef={editor.actionRef}
      columns={columns}
      filters={filters}
      hiddenColumns={['comments', 'createdAt']}
      request={listTerms}
      searchPlaceholder={t('lists.terms.search')}
      create={{ label: t('lists.terms.new'), onClick: editor.create }}
      exportFile={{ url: '/api/terms/export', fileName: 'terms.xlsx' }}
      rowActions={rowActions}
      emptyText={t('lists.terms.empty')}
    >
      <TermForm {...editor.formProps} />
    </RecordListPage>
  );
}
