import { ProFormSelect, type ProFormSelectProps } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import type { DefaultOptionType } from 'antd/es/select';
import { useRef } from 'react';
import type { TCourse } from '@/contracts/courses';
import { call, type ListResult } from '@/services/http';

export interface CourseOption {
  value: number;
  label: string;
  course: TCourse;
}

/** "Grade 5 Math — Maple School": a course is known by its name and its school. */
export function courseLabel(course: Pick<TCourse, 'name' | 'school'>): string {
  return course.school ? `${course.name} — ${course.school}` : course.name;
}

type Props = Omit<ProFormSelectProps, 'request' | 'options'> & {
  /** The courses of the record being edited, shown even when a search would not find them. */
  current?: readonly number[];
  /** Told the chosen course (a term takes its school and teachers from it). */
  onCourse?: (course: TCourse | undefined) => void;
};

/**
 * A searchable course picker (by name or school, in the database) whose options show the school.
 * Reads the course list, which carries each course's school and teachers.
 */
export default function CourseSelect({ current = [], onCourse, fieldProps, ...props }: Props) {
  const intl = useIntl();
  const known = useRef(new Map<number, TCourse>());
  const request = async ({ keyWords }: { keyWords?: string }): Promise<CourseOption[]> => {
    const reply = await call<ListResult<TCourse>>('/api/courses', {
      params: { pageSize: 50, sortField: 'name', sortOrder: 'ascend', ...(keyWords ? { q: keyWords } : {}) },
      skipErrorHandler: true,
    }).catch(() => ({ data: [] as TCourse[] }));
    const courses = [...reply.data];
    if (!keyWords) {
      const missing = current.filter((id) => !courses.some((c) => c.id === id));
      const fetched = await Promise.all(
        missing.map((id) => call<TCourse>(`/api/courses/${id}`, { skipErrorHandler: true }).catch(() => undefined)),
      );
      courses.unshift(...fetched.filter((c): c is TCourse => c !== undefined));
    }
    for (const course of courses) known.current.set(course.id, course);
    return courses.map((course) => ({ value: course.id, label: courseLabel(course), course }));
  };
  return (
    <ProFormSelect
      showSearch
      debounceTime={300}
      placeholder={intl.formatMessage({ id: 'forms.course.pick' })}
      request={request}
      {...props}
      fieldProps={{
        filterOption: false,
        ...fieldProps,
        onChange: (value: unknown, option?: DefaultOptionType | DefaultOptionType[]) => {
          fieldProps?.onChange?.(value, option);
          onCourse?.(typeof value === 'number' ? known.current.get(value) : undefined);
        },
      }}
    />
  );
}
