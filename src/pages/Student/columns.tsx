import type { ProColumns } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import type { TStudent } from '@/contracts/students';

/** The student list's columns and search fields (q searches first name, last name and student ID). */
export const studentColumns: ProColumns<TStudent>[] = [
  {
    title: 'Search',
    dataIndex: 'q',
    hideInTable: true,
    fieldProps: { placeholder: 'Name or student ID' },
  },
  { title: 'Student ID', dataIndex: 'studentId', sorter: true, copyable: true },
  {
    title: 'First name',
    dataIndex: 'firstName',
    sorter: true,
    render: (_, s) => <Link to={`/student/studentDashboard/${s.id}`}>{s.firstName}</Link>,
  },
  {
    title: 'Last name',
    dataIndex: 'lastName',
    sorter: true,
    defaultSortOrder: 'ascend',
    render: (_, s) => <Link to={`/student/studentDashboard/${s.id}`}>{s.lastName}</Link>,
  },
  { title: 'Email', dataIndex: 'email', hideInSearch: true, ellipsis: true },
  { title: 'Phone', dataIndex: 'phone', hideInSearch: true },
  { title: 'Referrer', dataIndex: ['referrer', 'name'], hideInSearch: true },
  {
    title: 'Start date',
    dataIndex: 'startDate',
    valueType: 'date',
    sorter: true,
    hideInSearch: true,
  },
  {
    title: 'Start date',
    dataIndex: 'startDateRange',
    valueType: 'dateRange',
    hideInTable: true,
    search: { transform: ([from, to]: string[]) => ({ startDateFrom: from, startDateTo: to }) },
  },
  { title: 'Hourly rate', dataIndex: 'hourlyRate', sorter: true, hideInSearch: true, align: 'right' },
  { title: 'Created', dataIndex: 'createdAt', valueType: 'date', sorter: true, hideInSearch: true },
];
