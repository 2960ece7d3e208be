import { useIntl, useLocation } from '@umijs/max';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import { STUDENT_IMPORT_HEADERS } from '@/contracts/import-headers';
import type { TStudentListItem as TStudent, TStudent as TStudentRecord } from '@/contracts/students';
import {
  activateStudent,
  deactivateStudent,
  deactivateStudents,
  importStudents,
  listStudents,
} from '@/services/students';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import { useLocations } from '@/utils/useLocations';
import { hiddenStudentColumns, hiddenStudentColumnsWithLocations, studentColumns, studentFilters } from './columns';
import { showDeactivationReport } from './components/deactivation-report';
import StudentAdded from './components/StudentAdded';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const StudentForm = lazyForm(() => import('./components/StudentForm'));

/**
 * /student/all-student (every status, with a status filter) and /student/inactive-student (only
 * inactive students: reactivating them is the work there, so no New or Import).
 */
export default function StudentPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const inactivePage = useLocation().pathname.endsWith('/inactive-student');
  const editor = useRecordEditor<TStudent>();
  // A Location column and filter when the centre has several locations (issue 23); a site-limited
  // operator's list holds their sites' students only, so the filter offers those sites.
  const { locations, sites, many } = useLocations();
  const places = many ? locations : [];
  const filterPlaces = sites ? places.filter((l) => sites.includes(l.id)) : places;
  const [added, setAdded] = useState<TStudentRecord>();
  const onSaved = (saved?: unknown) => {
    editor.reload();
    if (!editor.formProps.record && saved) setAdded(saved as TStudentRecord);
  };
  const count = (n: number) => t('lists.students.count', { count: n });

  const setActive = async (student: TStudent, active: boolean) => {
    const write = () => (active ? activateStudent(student.id) : deactivateStudent(student.id));
    if (await runWithMessages(active ? 'activate' : 'deactivate', write)) editor.reload();
  };
  const deactivateSelected = async (rows: TStudent[], clear: () => void) => {
    let reply: Awaited<ReturnType<typeof deactivateStudents>> | undefined;
    const done = await runWithMessages('deactivate', async () => {
      reply = await deactivateStudents(rows.map((r) => r.id));
    });
    if (!done || !reply) return;
    showDeactivationReport(reply, rows, t);
    clear();
    editor.reload();
  };
  const rowActions = (student: TStudent): RowAction[] => [
    { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(student) },
    student.active
      ? {
          key: 'deactivate',
          label: t('common.deactivate'),
          danger: true,
          confirm: t('lists.students.confirmDeactivate'),
          onClick: () => setActive(student, false),
        }
      : {
          key: 'activate',
          label: t('common.activate'),
          confirm: t('lists.students.confirmActivate'),
          onClick: () => setActive(student, true),
        },
    { key: 'dashboard', label: t('lists.action.dashboard'), to: `/student/studentDashboard/${student.id}` },
  ];

  return (
    <RecordListPage<TStudent>
      key={inactivePage ? 'inactive' : 'all'}
      listKey={inactivePage ? 'students-inactive' : 'students'}
      title={t(inactivePage ? 'lists.students.titleInactive' : 'lists.students.title')}
      actionRef={editor.actionRef}
      columns={studentColumns(t, format, !inactivePage, places)}
      filters={studentFilters(t, !inactivePage, filterPlaces.length > 1 ? filterPlaces : [])}
      hiddenColumns={places.length ? hiddenStudentColumnsWithLocations : hiddenStudentColumns}
      request={listStudents}
      params={inactivePage ? { active: false } : undefined}
      searchPlaceholder={t('lists.students.search')}
      create={inactivePage ? undefined : { label: t('lists.students.new'), onClick: editor.create }}
      importFile={
        inactivePage
          ? undefined
          : {
              title: t('lists.students.importTitle'),
              count,
              headers: STUDENT_IMPORT_HEADERS,
              help: t('lists.students.importHelp'),
              template: { url: '/api/students/import-template', fileName: 'student-import-template.xlsx' },
              upload: importStudents,
            }
      }
      exportFile={{ url: '/api/students/export', fileName: 'students.xlsx' }}
      rowActions={rowActions}
      rowName={(s) => `${s.firstName} ${s.lastName}`}
      batchActions={(selected, clear) =>
        inactivePage ? (
          <Button type="link" size="small" onClick={clear}>
            {t('lists.selection.clear')}
          </Button>
        ) : (
          <Popconfirm
            title={t('lists.students.confirmDeactivateSelected', { students: count(selected.length) })}
            okText={t('common.deactivate')}
            okButtonProps={{ danger: true }}
            onConfirm={() => deactivateSelected(selected, clear)}
          >
            <Button size="small" danger>
              {t('lists.students.deactivateSelected')}
            </Button>
          </Popconfirm>
        )
      }
      emptyText={t(inactivePage ? 'lists.students.emptyInactive' : 'lists.students.empty')}
    >
      <StudentForm {...editor.formProps} onSaved={onSaved} />
      <StudentAdded student={added} onClose={() => setAdded(undefined)} />
    </RecordListPage>
  );
}
