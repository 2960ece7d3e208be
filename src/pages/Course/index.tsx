import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TCourse } from '@/contracts/courses';
import { deleteCourse, listCourses } from '@/services/courses';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const CourseForm = lazyForm(() => import('./components/CourseForm'));

/** /course: the centre's courses with their teachers. */
export default function CoursePage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const editor = useRecordEditor<TCourse>();

  const remove = async (course: TCourse) => {
    if (await runWithMessages('delete', () => deleteCourse(course.id))) editor.reload();
  };
  const rowActions = (course: TCourse): RowAction[] => [
    { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(course) },
    {
      key: 'delete',
      label: t('common.delete'),
      danger: true,
      confirm: t('lists.courses.confirmDelete', { name: course.name }),
      onClick: () => remove(course),
    },
  ];
  const columns: ProColumns<TCourse>[] = [
    { title: t('lists.column.school'), dataIndex: 'school', sorter: true, width: 160, ellipsis: true },
    { title: t('lists.courses.courseNumber'), dataIndex: 'courseNumber', sorter: true, width: 130, ellipsis: true },
    { title: t('lists.courses.name'), dataIndex: 'name', sorter: true, width: 200, ellipsis: true },
    { title: t('lists.courses.description'), dataIndex: 'description', width: 200, ellipsis: true },
    {
      title: t('lists.courses.teachers'),
      dataIndex: 'teachers',
      width: 180,
      ellipsis: true,
      render: (_, course) => course.teachers.map((teacher) => teacher.name).join(', '),
    },
    {
      title: t('lists.column.created'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 110,
      render: (_, course) => format.dayOf(course.createdAt),
    },
  ];

  return (
    <RecordListPage<TCourse>
      listKey="courses"
      title={t('lists.courses.title')}
      actionRef={editor.actionRef}
      columns={columns}
      hiddenColumns={['description', 'createdAt']}
      request={listCourses}
      searchPlaceholder={t('lists.courses.search')}
      create={{ label: t('lists.courses.new'), onClick: editor.create }}
      exportFile={{ url: '/api/courses/export', fileName: 'courses.xlsx' }}
      rowActions={rowActions}
      emptyText={t('lists.courses.empty')}
    >
      <CourseForm {...editor.formProps} />
    </RecordListPage>
  );
}
