import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, message, Popconfirm, Space } from 'antd';
import { useRef, useState } from 'react';
import type { TTerm } from '@/contracts/terms';
import { courseOptions, deleteTerm, type ListQuery, listTerms, teacherOptions } from '@/services/courses';
import { downloadFile } from '@/utils/download';
import { toListParams } from '@/utils/listParams';
import { runWithMessages } from '@/utils/runWithMessages';
import { filtersOf } from '../Course/listFilters';
import TermForm from './components/TermForm';

const courseSelect = async () => (await courseOptions()).map((c) => ({ value: c.id, label: c.name }));
const teacherSelect = async () => (await teacherOptions()).map((t) => ({ value: t.id, label: t.name }));

/** /term: terms of the centre's courses, newest first. */
export default function TermPage() {
  const actionRef = useRef<ActionType>();
  const filters = useRef<ListQuery>({});
  const [editing, setEditing] = useState<TTerm | 'new'>();

  const remove = async (term: TTerm) => {
    if (await runWithMessages('delete', () => deleteTerm(term.id))) actionRef.current?.reload();
  };
  const exportList = () =>
    downloadFile('/api/terms/export', filters.current, 'terms.xlsx').catch(() =>
      message.error('Failed to export, please try again'),
    );

  const columns: ProColumns<TTerm>[] = [
    { title: 'Search', dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: 'Course, school, comments' } },
    {
      title: 'Course',
      dataIndex: 'courseId',
      valueType: 'select',
      request: courseSelect,
      fieldProps: { showSearch: true, optionFilterProp: 'label' },
      render: (_, term) => term.course.name,
    },
    {
      title: 'Teacher',
      dataIndex: 'teacherId',
      valueType: 'select',
      request: teacherSelect,
      fieldProps: { showSearch: true, optionFilterProp: 'label' },
      render: (_, term) => term.teacher?.name ?? '-',
    },
    { title: 'School', dataIndex: 'school', sorter: true },
    { title: 'Start date', dataIndex: 'startDate', sorter: true, search: false },
    { title: 'End date', dataIndex: 'endDate', sorter: true, search: false },
    {
      title: 'Dates',
      dataIndex: 'dates',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
    { title: 'Comments', dataIndex: 'comments', search: false, ellipsis: true },
    {
      title: 'Actions',
      valueType: 'option',
      render: (_, term) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(term)}>
            Edit
          </Button>
          <Popconfirm title="Delete this term?" okText="Delete" onConfirm={() => remove(term)}>
            <Button type="link" size="small" danger>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title="Terms">
      <ProTable<TTerm>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: 'No terms yet' }}
        request={(params, sort) => {
          const query = toListParams(params, sort);
          filters.current = filtersOf(query);
          return listTerms(query);
        }}
        toolBarRender={() => [
          <Button key="export" onClick={exportList}>
            Export
          </Button>,
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New term
          </Button>,
        ]}
      />
      {editing && (
        <TermForm
          term={editing === 'new' ? undefined : editing}
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
