import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useCentreZone } from '@/utils/useCentreZone';
import { thisMonthIn } from './month';

/**
 * A report tab's figures over a range of the centre's days (this month at first): asked again when the
 * range or one of `deps` (the tab's other filters, which `load` reads) changes, the last answer shown
 * (a slower earlier one is dropped), none when the request fails.
 */
export function useRangeReport<T>(load: (from: string, to: string) => Promise<T>, deps: readonly unknown[] = []) {
  const [range, setRange] = useState<[string, string]>(thisMonthIn(useCentreZone()));
  const [report, setReport] = useState<T>();
  const [loading, setLoading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new function each render; `deps` are what it reads.
  useEffect(() => {
    let current = true;
    setLoading(true);
    load(range[0], range[1])
      .then((reply) => current && setReport(reply))
      .catch(() => current && setReport(undefined))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [range, ...deps]);

  return { range, setRange, report, loading };
}

/** The range field of a report tab: whole days, never empty, named by `label`. */
export function RangeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: [string, string];
  onChange: (range: [string, string]) => void;
}) {
  return (
    <DatePicker.RangePicker
      allowClear={false}
      aria-label={label}
      value={[dayjs(value[0]), dayjs(value[1])]}
      onChange={(days) => {
        if (days?.[0] && days[1]) onChange([days[0].format('YYYY-MM-DD'), days[1].format('YYYY-MM-DD')]);
      }}
    />
  );
}
