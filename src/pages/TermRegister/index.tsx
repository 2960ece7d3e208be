import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, message, Popconfirm, Segmented, Space } from 'antd';
import { useRef, useState } from 'react';
import type { TTermRegister } from '@/contracts/term-registers';
import {
  courseOptions,
  deleteTermRegister,
  type ListQuery,
  listTermRegisters,
  teacherOptions,
  termOptions,
} from '@/services/courses';
import { downloadFile } from '@/utils/download';
import { toListParams } from '@/utils/listParams';
import { runWithMessages } from '@/utils/runWithMessages';
import { filtersOf } from '../Course/listFilters';
import PaidSwitch from './components/PaidSwitch';
import TermRegisterForm from './components/TermRegisterForm';
import { paymentTypeLabels } from './paymentTypes';

type PaidFilter = 'all' | 'unpaid' | 'paid';
const paidParam = { all: undefined, unpaid: false, paid: true } as const;
const selectProps = { showSearch: true, optionFilterProp: 'label' };

/** /termRegister: who registered for which term, and whether they have paid. */
export default function TermRegisterPage() {
  const actionRef = useRef<ActionType>();
  const filters = useRef<ListQuery>({});
  const [paidFilter, setPaidFilter] = useState<PaidFilter>('all');
  const [editing, setEditing] = useState<TTermRegister | 'new'>();
  const reload = () => actionRef.current?.reload();

  const remove = async (register: TTermRegister) => {
    if (await runWithMessages('delete', () => deleteTermRegister(register.id))) reload();
  };
  const exportList = () =>
    downloadFile('/api/term-registers/export', filters.current, 'term-registers.xlsx').catch(() =>
      message.error('Failed to export, please try again'),
    );

  const columns: ProColumns<TTermRegister>[] = [
    {
      title: 'Student',
      dataIndex: 'q',
      fieldProps: { placeholder: 'Student name or ID' },
      render: (_, r) => `${r.student.name} (${r.student.studentId})`,
    },
    {
      title: 'Course',
      dataIndex: 'courseId',
      valueType: 'select',
      request: async () => (await courseOptions()).map((c) => ({ value: c.id, label: c.name })),
      fieldProps: selectProps,
      render: (_, r) => r.course.name,
    },
    {
      title: 'Term',
      dataIndex: 'termId',
      valueType: 'select',
      request: async () => (await termOptions()).map((t) => ({ value: t.id, label: t.label })),
      fieldProps: selectProps,
      render: (_, r) => `${r.term.startDate} to ${r.term.endDate}`,
    },
    {
      title: 'Teacher',
      dataIndex: 'teacherId',
      valueType: 'select',
      request: async () => (await teacherOptions()).map((t) => ({ value: t.id, label: t.name })),
      fieldProps: selectProps,
      render: (_, r) => r.teacher?.name ?? '-',
    },
    {
      title: 'Payment type',
      dataIndex: 'paymentType',
      search: false,
      render: (_, r) => paymentTypeLabels[r.paymentType],
    },
    {
      title: 'Price',
      dataIndex: 'price',
      sorter: true,
      search: false,
      align: 'right',
      render: (_, r) => `$${r.price}`,
    },
    {
      title: 'Paid',
      dataIndex: 'paid',
      sorter: true,
      search: false,
      render: (_, r) => <PaidSwitch key={`${r.id}-${r.paid}`} register={r} onChanged={reload} />,
    },
    { title: 'Created', dataIndex: 'createdAt', valueType: 'date', sorter: true, search: false },
    {
      title: 'Created between',
      dataIndex: 'created',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
    {
      title: 'Actions',
      valueType: 'option',
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            Edit
          </Button>
          <Popconfirm title="Delete this registration?" okText="Delete" onConfirm={() => remove(r)}>
            <Button type="link" size="small" danger>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title="Term registrations">
      <ProTable<TTermRegister, { paid?: boolean }>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        params={{ paid: paidParam[paidFilter] }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: 'No term registrations' }}
        request={(params, sort) => {
          const query = toListParams(params, sort);
          filters.current = filtersOf(query);
          return listTermRegisters(query);
        }}
        headerTitle={
          <Segmented<PaidFilter>
            aria-label="Payment status"
            value={paidFilter}
            onChange={setPaidFilter}
            options={[
              { value: 'all', label: 'All' },
              { value: 'unpaid', label: 'Unpaid' },
              { value: 'paid', label: 'Paid' },
            ]}
          />
        }
        toolBarRender={() => [
          <Button key="export" onClick={exportList}>
            Export
          </Button>,
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New registration
          </Button>,
        ]}
      />
      {editing && (
        <TermRegisterForm
          register={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      )}
    </PageContainer>
  );
}
