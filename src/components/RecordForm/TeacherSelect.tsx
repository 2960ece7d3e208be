import { ProFormSelect, type ProFormSelectProps } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { useEffect, useMemo, useState } from 'react';
import type { TNamed } from '@/contracts/courses';
import { teacherOptions } from '@/services/courses';

/** A teacher as a record's reply names it; `deleted` when the API says so. */
export type NamedTeacher = TNamed & { deleted?: boolean };

type Props = Omit<ProFormSelectProps, 'request' | 'options' | 'params'> & {
  /** The record's own teachers: shown by name even when deleted or deactivated since. */
  current?: readonly NamedTeacher[];
  /** Teacher ids offered first, under their own heading (the chosen course's teachers). */
  first?: readonly number[];
};

/**
 * A teacher picker over the centre's active teachers, plus the record's own teachers by name (never
 * a raw id): "Ana Lee (deleted)". With `first`, those teachers lead under "Teachers of this course".
 * The teachers are read once; another course only regroups them, at once: asking the server again
 * replaced the list under a person already typing a name, and their Enter chose nothing (issue 38).
 */
export default function TeacherSelect({ current = [], first = [], fieldProps, ...props }: Props) {
  const intl = useIntl();
  const [active, setActive] = useState<TNamed[]>();
  useEffect(() => {
    let live = true;
    teacherOptions().then((teachers) => {
      if (live) setActive(teachers);
    });
    return () => {
      live = false;
    };
  }, []);
  const currentKey = current.map((teacher) => `${teacher.id}:${teacher.name}:${teacher.deleted}`).join(',');
  const firstKey = first.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: current and first by their keys (new arrays on each render)
  const options = useMemo(() => {
    const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
    const teachers = active ?? [];
    const gone = current
      .filter((teacher) => !teachers.some((a) => a.id === teacher.id))
      .map((teacher) => ({
        value: teacher.id,
        label: t(teacher.deleted === false ? 'forms.teacher.inactive' : 'forms.teacher.deleted', {
          name: teacher.name,
        }),
      }));
    const all = [...teachers.map((teacher) => ({ value: teacher.id, label: teacher.name })), ...gone];
    const leading = all.filter((o) => first.includes(o.value));
    if (leading.length === 0) return all;
    return [
      { label: t('forms.teacher.ofCourse'), title: 'ofCourse', options: leading },
      { label: t('forms.teacher.others'), title: 'others', options: all.filter((o) => !first.includes(o.value)) },
    ];
  }, [active, currentKey, firstKey, intl]);
  return (
    <ProFormSelect
      showSearch
      options={options}
      {...props}
      fieldProps={{ optionFilterProp: 'label', loading: active === undefined, ...fieldProps }}
    />
  );
}
