import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Link, useLocation } from '@umijs/max';
import { Button, message, Popconfirm } from 'antd';
import { useRef, useState } from 'react';
import type { TStudent } from '@/contracts/students';
import { activateStudent, deactivateStudent, deactivateStudents, listStudents } from '@/services/students';
import { downloadFile } from '@/utils/download';
import { toListParams } from '@/utils/listParams';
import { studentColumns } from './columns';
import { showDeactivationReport } from './components/deactivation-report';
import ImportDialog from './components/ImportDialog';
import { withPending } from './components/pending';
import StudentForm from './components/StudentForm';

/** One page for both /student/all-student and /student/inactive-student (spec section 2). */
export default function StudentPage() {
  const { pathname } = useLocation();
  const inactive = pathname.endsWith('/inactive-student');
  const action = useRef<ActionType>();
  const lastQuery = useRef<Record<string, string | number | boolean>>({});
  const [editing, setEditing] = useState<{ student?: TStudent }>();
  const [importing, setImporting] = useState(false);
  const reload = () => action.current?.reload();

  const toggle = async (student: TStudent) => {
    try {
      if (student.active) await withPending('deactivate', () => deactivateStudent(student.id));
      else await withPending('activate', () => activateStudent(student.id));
    } catch {
      return; // withPending has said it failed
    }
    reload();
  };
  const deactivateSelected = async (rows: TStudent[], clear: () => void) => {
    try {
      const reply = await withPending('deactivate', () => deactivateStudents(rows.map((r) => r.id)));
      showDeactivationReport(reply, rows);
    } catch {
      return;
    }
    clear();
    reload();
  };

  const columns: ProColumns<TStudent>[] = [
    ...studentColumns,
    {
      title: 'Actions',
      valueType: 'option',
      key: 'actions',
      render: (_, student) => [
        <Button key="edit" type="link" size="small" onClick={() => setEditing({ student })}>
          Edit
        </Button>,
        <Popconfirm
          key="toggle"
          title={student.active ? 'Deactivate this student?' : 'Activate this student?'}
          onConfirm={() => toggle(student)}
        >
          <Button type="link" size="small" danger={student.active}>
            {student.active ? 'Deactivate' : 'Activate'}
          </Button>
        </Popconfirm>,
        <Link key="dashboard" to={`/student/studentDashboard/${student.id}`}>
          Dashboard
        </Link>,
      ],
    },
  ];

  return (
    <PageContainer title={inactive ? 'Inactive Students' : 'All Students'}>
      <ProTable<TStudent>
        key={inactive ? 'inactive' : 'active'}
        rowKey="id"
        actionRef={action}
        columns={columns}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        rowSelection={{ preserveSelectedRowKeys: true }}
        locale={{ emptyText: inactive ? 'No inactive students' : 'No students yet: add one or import a file' }}
        request={async (params, sort) => {
          const query: Record<string, string | number | boolean> = { ...toListParams(params, sort), active: !inactive };
          const { current: _c, pageSize: _p, ...filters } = query;
          lastQuery.current = filters;
          return listStudents(query);
        }}
        tableAlertOptionRender={({ selectedRows, onCleanSelected }) =>
          inactive ? (
            <Button type="link" size="small" onClick={onCleanSelected}>
              Clear selection
            </Button>
          ) : (
            <Popconfirm
              title={`Deactivate ${selectedRows.length} students?`}
              onConfirm={() => deactivateSelected(selectedRows, onCleanSelected)}
            >
              <Button size="small" danger>
                Deactivate selected
              </Button>
            </Popconfirm>
          )
        }
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            New student
          </Button>,
          <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            Import
          </Button>,
          <Button
            key="export"
            icon={<DownloadOutlined />}
            onClick={() =>
              downloadFile('/api/students/export', lastQuery.current, 'students.xlsx').catch(() =>
                message.error('Failed to export, please try again'),
              )
            }
          >
            Export
          </Button>,
        ]}
      />
      <StudentForm
        open={!!editing}
        student={editing?.student}
        onOpenChange={(open) => !open && setEditing(undefined)}
        onSaved={reload}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={reload} />
    </PageContainer>
  );
}
