import { useIntl } from '@umijs/max';
import { useFormat } from '@/utils/useFormat';

export interface TermNameProps {
  term: { name: string; startDate: string; endDate: string };
}

/** A term as people read it: its name, with its dates in the title (shown on hover). */
export default function TermName({ term }: TermNameProps) {
  const intl = useIntl();
  const format = useFormat();
  const dates = intl.formatMessage(
    { id: 'lists.termRegisters.termDates' },
    { start: format.date(term.startDate), end: format.date(term.endDate) },
  );
  return <span title={`${term.name} (${dates})`}>{term.name}</span>;
}
