import type { ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import type { TTeacher } from '@/contracts/teachers';
import { courseOptions } from '@/services/teachers';
import type { Formatter } from '@/utils/format';

type T = (id: string) => string;
export type TeacherStatus = 'active' | 'inactive' | 'deleted';
export const statusOf = (teacher: TTeacher): TeacherStatus =>
  teacher.deleted ? 'deleted' : teacher.activated ? 'active' : 'inactive';

/** The teacher list's columns: what fits at 1366 px is shown, the rest is in the column settings. */
export function teacherColumns(t: T, format: Formatter): ProColumns<TTeacher>[] {
  const statusTag = {
    active: <Tag color="green">{t('common.active')}</Tag>,
    inactive: <Tag>{t('common.inactive')}</Tag>,
    deleted: <Tag color="red">{t('lists.status.deleted')}</Tag>,
  };
  return [
    {
      title: t('lists.column.name'),
      dataIndex: 'lastName',
      key: 'name',
      sorter: true,
      width: 150,
      ellipsis: true,
      render: (_, teacher) => [teacher.firstName, teacher.lastName].filter(Boolean).join(' '),
    },
    { title: t('lists.teachers.preferredName'), dataIndex: 'preferredName', width: 130, ellipsis: true },
    { title: t('lists.teachers.employeeId'), dataIndex: 'employeeId', sorter: true, width: 136, ellipsis: true },
    { title: t('lists.column.email'), dataIndex: 'email', width: 190, ellipsis: true },
    { title: t('lists.column.phone'), dataIndex: 'phone', width: 150, ellipsis: true },
    {
      title: t('lists.column.hourlyRate'),
      dataIndex: 'hourlyRate',
      sorter: true,
      align: 'right',
      width: 110,
      render: (_, teacher) => format.money(teacher.hourlyRate),
    },
    {
      title: t('lists.teachers.colour'),
      dataIndex: 'colour',
      width: 70,
      render: (_, teacher) =>
        teacher.colour && (
          <span
            title={teacher.colour}
            style={{ display: 'inline-block', width: 18, height: 18, borderRadius: 4, background: teacher.colour }}
          />
        ),
    },
    {
      title: t('lists.teachers.courses'),
      dataIndex: 'courses',
      width: 130, // with Employee ID at 136, the default columns fill 1366x850 exactly (lists.spec)
      ellipsis: true,
      render: (_, teacher) => teacher.courses.map((c) => c.name).join(', '),
    },
    { title: t('common.status'), dataIndex: 'status', width: 90, render: (_, teacher) => statusTag[statusOf(teacher)] },
    {
      title: t('lists.column.created'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 110,
      render: (_, teacher) => format.dayOf(teacher.createdAt),
    },
  ];
}

/** The filter form: status (deleted teachers can be listed) and course. */
export function teacherFilters(t: T): ProColumns<TTeacher>[] {
  return [
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: {
        active: { text: t('common.active') },
        inactive: { text: t('common.inactive') },
        deleted: { text: t('lists.status.deleted') },
      },
    },
    {
      title: t('lists.teachers.courses'),
      dataIndex: 'courseId',
      valueType: 'select',
      fieldProps: { showSearch: true, optionFilterProp: 'label' },
      request: async () => (await courseOptions()).map((c) => ({ value: c.id, label: c.name })),
    },
  ];
}

export const hiddenTeacherColumns = ['preferredName', 'email', 'colour', 'createdAt'];
