import { ProFormSelect, type ProFormSelectProps } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import type { TTerm } from '@/contracts/terms';
import { call, type ListResult } from '@/services/http';

type Props = Omit<ProFormSelectProps, 'request' | 'options'> & {
  /** The term of the record being edited, shown even when a search would not find it. */
  current?: number;
};

/**
 * A searchable term picker (by name, course, school or comments, in the database), newest first; each
 * term reads "Grade 5 Math, Winter 2026 — Maple School · 2026-01-05 to 2026-03-30" in the reader's
 * language, never cut: the list is as wide as its longest option (up to the window), and each option
 * carries the whole text as its title.
 */
export default function TermSelect({ current, fieldProps, ...props }: Props) {
  const intl = useIntl();
  const label = (term: TTerm) =>
    intl.formatMessage(
      { id: term.school ? 'forms.term.option' : 'forms.term.option.noSchool' },
      { course: term.name, school: term.school ?? '', start: term.startDate, end: term.endDate },
    );
  const request = async ({ keyWords }: { keyWords?: string }) => {
    const reply = await call<ListResult<TTerm>>('/api/terms', {
      params: { pageSize: 50, sortField: 'startDate', sortOrder: 'descend', ...(keyWords ? { q: keyWords } : {}) },
      skipErrorHandler: true,
    }).catch(() => ({ data: [] as TTerm[] }));
    const terms = [...reply.data];
    if (current && !keyWords && !terms.some((term) => term.id === current)) {
      const term = await call<TTerm>(`/api/terms/${current}`, { skipErrorHandler: true }).catch(() => undefined);
      if (term) terms.unshift(term);
    }
    return terms.map((term) => ({ value: term.id, label: label(term), title: label(term) }));
  };
  return (
    <ProFormSelect
      showSearch
      debounceTime={300}
      placeholder={intl.formatMessage({ id: 'forms.term.pick' })}
      request={request}
      {...props}
      fieldProps={{
        filterOption: false,
        popupMatchSelectWidth: false,
        dropdownStyle: { maxWidth: 'min(640px, calc(100vw - 24px))' },
        optionRender: (option) => <span style={{ whiteSpace: 'normal' }}>{option.label}</span>,
        ...fieldProps,
      }}
    />
  );
}
