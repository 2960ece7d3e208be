import { useIntl } from '@umijs/max';
import { Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { courseOptions, searchStudents, teacherOptions } from '@/services/courses';
import type { Locations } from '@/utils/useLocations';
import { roomChoices } from './rooms';

export interface CalendarFilters {
  teacherId?: number;
  studentId?: number;
  courseId?: number;
  /** Issue 23: only while the centre has more than one location / any room. */
  locationId?: number;
  roomId?: number;
}

/** The filters kept in the calendar's address (`?teacherId=...&roomId=...`). */
export const FILTER_KEYS = ['teacherId', 'studentId', 'courseId', 'locationId', 'roomId'] as const;

type Option = { value: number; label: string };

/**
 * Teacher, student (searched) and course filters above the calendar; location (when the centre has
 * more than one) and room (when it has rooms: the chosen location's, else every location's).
 */
export default function Filters({
  value,
  onChange,
  sites,
}: {
  value: CalendarFilters;
  onChange: (next: CalendarFilters) => void;
  sites: Pick<Locations, 'locations' | 'many' | 'hasRooms'>;
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
  // With the location and room filters too, each is narrower: the row and the room view's toggle stay one line at 1366 px.
  const width = { width: sites.many || sites.hasRooms ? 160 : 220 };
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
      {sites.many && (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={width}
          aria-label={t('roomView.filter.location')}
          placeholder={t('roomView.filter.location')}
          options={sites.locations.map((l) => ({ value: l.id, label: l.name }))}
          value={value.locationId}
          // A room of another location would match nothing: the room is cleared with a new location.
          onChange={(locationId?: number) =>
            onChange({
              ...value,
              locationId,
              roomId: sites.locations.some((l) => l.id === locationId && l.rooms.some((r) => r.id === value.roomId))
                ? value.roomId
                : undefined,
            })
          }
        />
      )}
      {sites.hasRooms && (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={width}
          aria-label={t('roomView.filter.room')}
          placeholder={t('roomView.filter.room')}
          options={roomChoices(sites.locations, value.locationId, sites.many)}
          value={value.roomId}
          onChange={(roomId?: number) => onChange({ ...value, roomId })}
        />
      )}
    </Space>
  );
}
