import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { useAccess, useModel } from '@umijs/max';
import { Button, message, Popconfirm, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import type { TStaff } from '@/contracts/staff';
import { listStaff, setStaffActivated } from '@/services/staff';
import { downloadFile } from '@/utils/download';
import { toListParams } from '@/utils/listParams';
import { runWithMessages } from '@/utils/runWithMessages';
import StaffForm from './components/StaffForm';

type Filters = Record<string, string | number | boolean>;
const withoutPaging = ({ current: _c, pageSize: _p, ...filters }: Filters) => filters;

/** /staff: the centre's admins and operators. */
export default function StaffPage() {
  const access = useAccess();
  const { initialState } = useModel('@@initialState');
  const me = initialState?.currentUser?.id;
  const canChangeRole = access['staff:changeRole'];
  const actionRef = useRef<ActionType>();
  const filters = useRef<Filters>({});
  const [editing, setEditing] = useState<TStaff | 'new'>();

  const setActivated = async (staff: TStaff, activated: boolean) => {
    const done = await runWithMessages(activated ? 'activate' : 'deactivate', () =>
      setStaffActivated(staff.id, activated),
    );
    if (done) actionRef.current?.reload();
  };
  const exportList = () =>
    downloadFile('/api/staff/export', filters.current, 'staff.xlsx').catch(() =>
      message.error('Failed to export, please try again'),
    );
  // Operators may not change an admin's record (the server refuses it too).
  const mayEdit = (staff: TStaff) => canChangeRole || staff.role !== 'ROLE_ADMIN';

  const columns: ProColumns<TStaff>[] = [
    { title: 'Search', dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: 'Name, login or email' } },
    { title: 'Login', dataIndex: 'login', sorter: true },
    { title: 'First name', dataIndex: 'firstName', sorter: true, search: false },
    { title: 'Last name', dataIndex: 'lastName', sorter: true, search: false },
    { title: 'Email', dataIndex: 'email', sorter: true, search: false },
    { title: 'Phone', dataIndex: 'phone', search: false },
    {
      title: 'Role',
      dataIndex: 'role',
      valueType: 'select',
      valueEnum: { ROLE_ADMIN: { text: 'Admin' }, ROLE_OPERATOR: { text: 'Operator' } },
    },
    {
      title: 'Status',
      dataIndex: 'activated',
      valueType: 'select',
      valueEnum: { true: { text: 'Active' }, false: { text: 'Inactive' } },
      render: (_, staff) => (staff.activated ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
    { title: 'Created', dataIndex: 'createdAt', valueType: 'date', sorter: true, search: false },
    {
      title: 'Actions',
      valueType: 'option',
      render: (_, staff) =>
        mayEdit(staff) && (
          <Space>
            <Button type="link" size="small" onClick={() => setEditing(staff)}>
              Edit
            </Button>
            {staff.activated ? (
              staff.id !== me && (
                <Popconfirm
                  title={`Deactivate ${staff.login}? They are signed out at once.`}
                  okText="Deactivate"
                  onConfirm={() => setActivated(staff, false)}
                >
                  <Button type="link" size="small" danger>
                    Deactivate
                  </Button>
                </Popconfirm>
              )
            ) : (
              <Button type="link" size="small" onClick={() => setActivated(staff, true)}>
                Activate
              </Button>
            )}
          </Space>
        ),
    },
  ];

  return (
    <PageContainer title="Staff">
      <ProTable<TStaff>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: 'No staff members match' }}
        request={(params, sort) => {
          const query = toListParams(params, sort);
          filters.current = withoutPaging(query);
          return listStaff(query);
        }}
        toolBarRender={() => [
          <Button key="export" onClick={exportList}>
            Export
          </Button>,
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New staff member
          </Button>,
        ]}
      />
      {editing && (
        <StaffForm
          staff={editing === 'new' ? undefined : editing}
          canChangeRole={canChangeRole}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            actionRef.current?.reload();
          }}
        />
      )}
    </PageContainer>
  );
}
