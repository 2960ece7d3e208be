import { useIntl } from '@umijs/max';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import { teacherImportHeaders } from '@/contracts/import-headers';
import type { TTeacher } from '@/contracts/teachers';
import { deleteTeacher, importTeachers, listTeachers, setTeacherActivated } from '@/services/teachers';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import { hiddenTeacherColumns, teacherColumns, teacherFilters } from './columns';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const TeacherForm = lazyForm(() => import('./components/TeacherForm'));

/** /teacher: the centre's teachers, deleted ones included when the status filter asks for them. */
export default function TeacherPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const editor = useRecordEditor<TTeacher>();

  const setActivated = async (teacher: TTeacher, activated: boolean) => {
    const write = () => setTeacherActivated(teacher.id, activated);
    if (await runWithMessages(activated ? 'activate' : 'deactivate', write)) editor.reload();
  };
  const remove = async (teacher: TTeacher) => {
    if (await runWithMessages('delete', () => deleteTeacher(teacher.id))) editor.reload();
  };
  const rowActions = (teacher: TTeacher): RowAction[] => {
    // The server refuses every change to a deleted teacher: show why instead of a failure.
    const locked = teacher.deleted ? t('lists.teachers.deletedLocked') : undefined;
    return [
      { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(teacher), disabledReason: locked },
      teacher.activated
        ? { key: 'deactivate', label: t('common.deactivate'), onClick: () => setActivated(teacher, false) }
        : {
            key: 'activate',
            label: t('common.activate'),
            onClick: () => setActivated(teacher, true),
            disabledReason: locked,
          },
      {
        key: 'delete',
        label: t('common.delete'),
        danger: true,
        confirm: t('lists.teachers.confirmDelete'),
        onClick: () => remove(teacher),
        disabledReason: locked,
      },
    ];
  };

  return (
    <RecordListPage<TTeacher>
      listKey="teachers"
      title={t('lists.teachers.title')}
      actionRef={editor.actionRef}
      columns={teacherColumns(t, format)}
      filters={teacherFilters(t)}
      hiddenColumns={hiddenTeacherColumns}
      request={listTeachers}
      searchPlaceholder={t('lists.teachers.search')}
      create={{ label: t('lists.teachers.new'), onClick: editor.create }}
      importFile={{
        title: t('lists.teachers.importTitle'),
        count: (n) => t('lists.teachers.count', { count: n }),
        headers: teacherImportHeaders,
        help: t('lists.teachers.importHelp'),
        template: { url: '/api/teachers/import-template', fileName: 'teachers-import.xlsx' },
        upload: importTeachers,
      }}
      exportFile={{ url: '/api/teachers/export', fileName: 'teachers.xlsx' }}
      rowActions={rowActions}
      emptyText={t('lists.teachers.empty')}
    >
      <TeacherForm {...editor.formProps} />
    </RecordListPage>
  );
}
