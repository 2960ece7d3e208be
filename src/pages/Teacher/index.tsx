import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, PageContainer, ProTable } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Button, message, Popconfirm, Space } from 'antd';
import { useRef, useState } from 'react';
import type { TTeacher } from '@/contracts/teachers';
import { deleteTeacher, listTeachers, setTeacherActivated } from '@/services/teachers';
import { downloadFile } from '@/utils/download';
import { toListParams } from '@/utils/listParams';
import { runWithMessages } from '@/utils/runWithMessages';
import { teacherColumns } from './columns';
import ImportDialog from './components/ImportDialog';
import TeacherForm from './components/TeacherForm';

type Filters = Record<string, string | number | boolean>;
const withoutPaging = ({ current: _c, pageSize: _p, ...filters }: Filters) => filters;
const DELETE_WARNING = 'Deleting a teacher deactivates them for good. This cannot be undone.';

/** /teacher: the centre's teachers. */
export default function TeacherPage() {
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.authorities.includes('ROLE_ADMIN') ?? false;
  const actionRef = useRef<ActionType>();
  const filters = useRef<Filters>({});
  const [editing, setEditing] = useState<TTeacher | 'new'>();
  const [importing, setImporting] = useState(false);
  const reload = () => actionRef.current?.reload();

  const setActivated = async (teacher: TTeacher, activated: boolean) => {
    if (
      await runWithMessages(activated ? 'activate' : 'deactivate', () => setTeacherActivated(teacher.id, activated))
    ) {
      reload();
    }
  };
  const remove = async (teacher: TTeacher) => {
    if (await runWithMessages('delete', () => deleteTeacher(teacher.id))) reload();
  };
  const exportList = () =>
    downloadFile('/api/teachers/export', filters.current, 'teachers.xlsx').catch(() =>
      message.error('Failed to export, please try again'),
    );

  const columns = teacherColumns((teacher) => (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => setEditing(teacher)}>
        Edit
      </Button>
      {teacher.activated ? (
        <Button type="link" size="small" onClick={() => setActivated(teacher, false)}>
          Deactivate
        </Button>
      ) : (
        <Button type="link" size="small" onClick={() => setActivated(teacher, true)}>
          Activate
        </Button>
      )}
      <Popconfirm
        title={DELETE_WARNING}
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => remove(teacher)}
      >
        <Button type="link" size="small" danger>
          Delete
        </Button>
      </Popconfirm>
    </Space>
  ));

  return (
    <PageContainer title="Teachers">
      <ProTable<TTeacher>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: 'No teachers match' }}
        request={(params, sort) => {
          const query = toListParams(params, sort);
          filters.current = withoutPaging(query);
          return listTeachers(query);
        }}
        toolBarRender={() => [
          <Button key="import" onClick={() => setImporting(true)}>
            Import
          </Button>,
          <Button key="export" onClick={exportList}>
            Export
          </Button>,
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New teacher
          </Button>,
        ]}
      />
      {editing && (
        <TeacherForm
          teacher={editing === 'new' ? undefined : editing}
          isAdmin={isAdmin}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      )}
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            reload();
          }}
        />
      )}
    </PageContainer>
  );
}
