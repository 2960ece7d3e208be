import type { ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import type { TTeacher } from '@/contracts/teachers';
import { courseOptions } from '@/services/teachers';

/** The list's columns and search fields; `actions` renders the row's buttons. */
export function teacherColumns(actions: (teacher: TTeacher) => React.ReactNode): ProColumns<TTeacher>[] {
  return [
    {
      title: 'Search',
      dataIndex: 'q',
      hideInTable: true,
      fieldProps: { placeholder: 'Name, login or employee ID' },
    },
    {
      title: 'Name',
      dataIndex: 'lastName',
      sorter: true,
      search: false,
      render: (_, t) => [t.firstName, t.lastName].filter(Boolean).join(' '),
    },
    { title: 'First name', dataIndex: 'firstName', sorter: true, search: false, hideInTable: true },
    { title: 'Preferred name', dataIndex: 'preferredName', search: false },
    { title: 'Employee ID', dataIndex: 'employeeId', sorter: true, search: false },
    { title: 'Email', dataIndex: 'email', search: false },
    { title: 'Phone', dataIndex: 'phone', search: false },
    {
      title: 'Hourly rate',
      dataIndex: 'hourlyRate',
      sorter: true,
      search: false,
      align: 'right',
      render: (_, t) => t.hourlyRate ?? '-',
    },
    {
      title: 'Colour',
      dataIndex: 'colour',
      search: false,
      render: (_, t) =>
        t.colour ? (
          <span
            title={t.colour}
            style={{ display: 'inline-block', width: 18, height: 18, borderRadius: 4, background: t.colour }}
          />
        ) : (
          '-'
        ),
    },
    {
      title: 'Courses',
      dataIndex: 'courseId',
      valueType: 'select',
      request: async () => (await courseOptions()).map((c) => ({ value: c.id, label: c.name })),
      render: (_, t) => t.courses.map((c) => c.name).join(', ') || '-',
    },
    {
      title: 'Status',
      dataIndex: 'activated',
      valueType: 'select',
      valueEnum: { true: { text: 'Active' }, false: { text: 'Inactive' } },
      render: (_, t) => (t.activated ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
    { title: 'Created', dataIndex: 'createdAt', valueType: 'date', sorter: true, search: false, hideInTable: true },
    { title: 'Actions', valueType: 'option', render: (_, t) => actions(t) },
  ];
}
