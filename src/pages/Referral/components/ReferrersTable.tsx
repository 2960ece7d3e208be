import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, ProTable } from '@ant-design/pro-components';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import type { TReferrer } from '@/contracts/referrals';
import { listReferrers } from '@/services/students';
import { toListParams } from '@/utils/listParams';
import ReferrerForm from './ReferrerForm';

/** The centre's referrers: the people and partners who send students. */
export default function ReferrersTable() {
  const action = useRef<ActionType>();
  const [editing, setEditing] = useState<{ referrer?: TReferrer }>();
  return (
    <>
      <ProTable<TReferrer>
        rowKey="id"
        actionRef={action}
        pagination={{ defaultPageSize: 10 }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: 'No referrers yet' }}
        request={async (params, sort) => listReferrers(toListParams(params, sort))}
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            New referrer
          </Button>,
        ]}
        columns={[
          { title: 'Search', dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: 'Name' } },
          { title: 'Name', dataIndex: 'name', sorter: true, hideInSearch: true, defaultSortOrder: 'ascend' },
          { title: 'Phone', dataIndex: 'phone', hideInSearch: true },
          { title: 'Email', dataIndex: 'email', hideInSearch: true },
          { title: 'Wechat', dataIndex: 'wechat', hideInSearch: true },
          { title: 'Comments', dataIndex: 'comments', hideInSearch: true, ellipsis: true },
          { title: 'Created', dataIndex: 'createdAt', valueType: 'date', sorter: true, hideInSearch: true },
          {
            title: 'Actions',
            valueType: 'option',
            render: (_, referrer) => (
              <Button type="link" size="small" onClick={() => setEditing({ referrer })}>
                Edit
              </Button>
            ),
          },
        ]}
      />
      <ReferrerForm
        open={!!editing}
        referrer={editing?.referrer}
        onOpenChange={(open) => !open && setEditing(undefined)}
        onSaved={() => action.current?.reload()}
      />
    </>
  );
}
