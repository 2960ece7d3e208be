import { ProFormSelect, type ProFormSelectProps } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import type { TNamed } from '@/contracts/courses';
import { teacherOptions } from '@/services/courses';

/** A teacher as a record's reply names it; `deleted` when the API says so. */
export type NamedTeacher = TNamed & { deleted?: boolean };

type Props = Omit<ProFormSelectProps, 'request' | 'options'> & {
  /** The record's own teachers: shown by name even when deleted or deactivated since. */
  current?: readonly NamedTeacher[];
  /** Teacher ids offered first, under their own heading (the chosen course's teachers). */
  first?: readonly number[];
};

/**
 * A teacher picker over the centre's active teachers, plus the record's own teachers by name (never
 * a raw id): "Ana Lee (deleted)". With `first`, those teachers lead under "Teachers of this course".
 */
export default function TeacherSelect({ current = [], first = [], fieldProps, ...props }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const request = async () => {
    const active = await teacherOptions();
    const gone = current
      .filter((teacher) => !active.some((a) => a.id === teacher.id))
      .map((teacher) => ({
        value: teacher.id,
        label: t(teacher.deleted === false ? 'forms.teacher.inactive' : 'forms.teacher.deleted', {
          name: teacher.name,
        }),
      }));
    const options = [...active.map((teacher) => ({ value: teacher.id, label: teacher.name })), ...gone];
    if (first.length === 0) return options;
    const leading = options.filter((o) => first.includes(o.value));
    const others = options.filter((o) => !first.includes(o.value));
    if (leading.length === 0) return options;
    return [
      { label: t('forms.teacher.ofCourse'), title: 'ofCourse', options: leading },
      { label: t('forms.teacher.others'), title: 'others', options: others },
    ];
  };
  return (
    <ProFormSelect
      showSearch
      // Asks again when the leading teachers change (another course chosen).
      params={{ first: first.join(',') }}
      request={request}
      {...props}
      fieldProps={{ optionFilterProp: 'label', ...fieldProps }}
    />
  );
}
