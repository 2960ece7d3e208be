import { useIntl } from '@umijs/max';
import { Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { courseOptions, searchStudents, teacherOptions } from '@/services/courses';

export interface CalendarFilters {
  teacherId?: number;
  studentId?: number;
  courseId?: number;
}

type Option = { value: number; label: string };

/** Teacher, student (searched) and course filters above the calendar. */
export default function Filters({
  value,
  onChange,
}: {
  value: CalendarFilters;
  onChange: (next: CalendarFilters) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [teachers, setTeachers] = useState<Option[]>([]);
  const [courses, setCourses] = useState<Option[]>([]);
  const [students, setStudents] = useState<Option[]>([]);
  const search = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    teacherOptions().then((list) => setTeachers(list.map((x) => ({ value: x.id, label: x.name }))));
    courseOptions()
      .then((list) => setCourses(list.map((x) => ({ value: x.id, label: x.name }))))
      .catch(() => setCourses([]));
    searchStudents('').then(setStudents);
  }, []);

  const onSearch = (q: string) => {
    clearTimeout(search.current);
    search.current = setTimeout(() => searchStudents(q).then(setStudents), 300);
  };
  const width = { width: 220 };
  return (
    <Space wrap className="calendar-filters">
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        style={width}
        aria-label={t('schedules.calendar.filter.teacher')}
        placeholder={t('schedules.calendar.filter.teacher')}
        options={teachers}
        value={value.teacherId}
        onChange={(teacherId?: number) => onChange({ ...value, teacherId })}
      />
      <Select
        allowClear
        showSearch
        filterOption={false}
        style={width}
        aria-label={t('schedules.calendar.filter.student')}
        placeholder={t('schedules.calendar.filter.student')}
        options={students}
        onSearch={onSearch}
        value={value.studentId}
        onChange={(studentId?: number) => onChange({ ...value, studentId })}
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        style={width}
        aria-label={t('schedules.calendar.filter.course')}
        placeholder={t('schedules.calendar.filter.course')}
        options={courses}
        value={value.courseId}
        onChange={(courseId?: number) => onChange({ ...value, courseId })}
      />
    </Space>
  );
}
