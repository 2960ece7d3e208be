import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, PageContainer, ProTable } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { Button, message, Popconfirm, Tabs } from 'antd';
import { useRef, useState } from 'react';
import type { TReferral } from '@/contracts/referrals';
import { withPending } from '@/pages/Student/components/pending';
import { deleteReferral, listReferrals } from '@/services/students';
import { downloadFile } from '@/utils/download';
import { toListParams } from '@/utils/listParams';
import ReferralForm from './components/ReferralForm';
import ReferrerSelect from './components/ReferrerSelect';
import ReferrersTable from './components/ReferrersTable';

function ReferralsTable() {
  const action = useRef<ActionType>();
  const filters = useRef<Record<string, string | number | boolean>>({});
  const [editing, setEditing] = useState<{ referral?: TReferral }>();
  const exportList = () =>
    downloadFile('/api/referrals/export', filters.current, 'referrals.xlsx').catch(() =>
      message.error('Failed to export, please try again'),
    );
  const remove = async (id: number) => {
    try {
      await withPending('delete', () => deleteReferral(id));
    } catch {
      return;
    }
    action.current?.reload();
  };
  return (
    <>
      <ProTable<TReferral>
        rowKey="id"
        actionRef={action}
        pagination={{ defaultPageSize: 10 }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: 'No referrals yet' }}
        request={async (params, sort) => {
          const { current: _page, pageSize: _size, ...rest } = toListParams(params, sort);
          filters.current = rest;
          return listReferrals(toListParams(params, sort));
        }}
        toolBarRender={() => [
          <Button key="export" onClick={exportList}>
            Export
          </Button>,
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            New referral
          </Button>,
        ]}
        columns={[
          {
            title: 'Referrer',
            dataIndex: 'referrerId',
            render: (_, r) => r.referrer.name,
            renderFormItem: () => <ReferrerSelect noStyle placeholder="Any referrer" />,
          },
          {
            title: 'Student',
            dataIndex: 'student',
            hideInSearch: true,
            render: (_, r) =>
              r.student ? <Link to={`/student/studentDashboard/${r.student.id}`}>{r.student.name}</Link> : '—',
          },
          { title: 'Comments', dataIndex: 'comments', hideInSearch: true, ellipsis: true },
          {
            title: 'Created',
            dataIndex: 'createdAt',
            valueType: 'dateTime',
            sorter: true,
            defaultSortOrder: 'descend',
            hideInSearch: true,
          },
          {
            title: 'Actions',
            valueType: 'option',
            render: (_, referral) => [
              <Button key="edit" type="link" size="small" onClick={() => setEditing({ referral })}>
                Edit
              </Button>,
              <Popconfirm key="delete" title="Delete this referral?" onConfirm={() => remove(referral.id)}>
                <Button type="link" size="small" danger>
                  Delete
                </Button>
              </Popconfirm>,
            ],
          },
        ]}
      />
      <ReferralForm
        open={!!editing}
        referral={editing?.referral}
        onOpenChange={(open) => !open && setEditing(undefined)}
        onSaved={() => action.current?.reload()}
      />
    </>
  );
}

/** /Referral: who referred which student, and the centre's referrers. */
export default function ReferralPage() {
  return (
    <PageContainer title="Referrals">
      <Tabs
        items={[
          { key: 'referrals', label: 'Referrals', children: <ReferralsTable /> },
          { key: 'referrers', label: 'Referrers', children: <ReferrersTable /> },
        ]}
      />
    </PageContainer>
  );
}
