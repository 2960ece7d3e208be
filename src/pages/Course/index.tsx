import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, message, Popconfirm, Space } from 'antd';
import { useRef, useState } from 'react';
import type { TCourse } from '@/contracts/courses';
import { deleteCourse, type ListQuery, listCourses } from '@/services/courses';
import { downloadFile } from '@/utils/download';
import { toListParams } from '@/utils/listParams';
import { runWithMessages } from '@/utils/runWithMessages';
import CourseForm from './components/CourseForm';
import { filtersOf } from './listFilters';

/** /course: the centre's courses with their teachers. */
export default function CoursePage() {
  const actionRef = useRef<ActionType>();
  const filters = useRef<ListQuery>({});
  const [editing, setEditing] = useState<TCourse | 'new'>();

  const remove = async (course: TCourse) => {
    if (await runWithMessages('delete', () => deleteCourse(course.id))) actionRef.current?.reload();
  };
  const exportList = () =>
    downloadFile('/api/courses/export', filters.current, 'courses.xlsx').catch(() =>
      message.error('Failed to export, please try again'),
    );

  const columns: ProColumns<TCourse>[] = [
    { title: 'Search', dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: 'Name, school, number' } },
    { title: 'School', dataIndex: 'school', sorter: true },
    { title: 'Course number', dataIndex: 'courseNumber', sorter: true },
    { title: 'Name', dataIndex: 'name', sorter: true },
    { title: 'Description', dataIndex: 'description', search: false, ellipsis: true },
    {
      title: 'Teachers',
      dataIndex: 'teachers',
      search: false,
      render: (_, course) => course.teachers.map((t) => t.name).join(', ') || '-',
    },
    { title: 'Created', dataIndex: 'createdAt', valueType: 'date', sorter: true, search: false },
    {
      title: 'Actions',
      valueType: 'option',
      render: (_, course) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(course)}>
            Edit
          </Button>
          <Popconfirm title={`Delete the course "${course.name}"?`} okText="Delete" onConfirm={() => remove(course)}>
            <Button type="link" size="small" danger>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title="Courses">
      <ProTable<TCourse>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: 'No courses yet' }}
        request={(params, sort) => {
          const query = toListParams(params, sort);
          filters.current = filtersOf(query);
          return listCourses(query);
        }}
        toolBarRender={() => [
          <Button key="export" onClick={exportList}>
            Export
          </Button>,
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New course
          </Button>,
        ]}
      />
      {editing && (
        <CourseForm
          course={editing === 'new' ? undefined : editing}
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
