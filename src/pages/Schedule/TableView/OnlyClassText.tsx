import { useIntl } from '@umijs/max';
import { useEffect, useState } from 'react';
import type { TSchedule } from '@/contracts/schedules';
import { call } from '@/services/http';
import { useFormat } from '@/utils/useFormat';

/** "Showing Grade 9 Math, 2026-11-25 16:00 only": the class by course and time, not its number. */
export default function OnlyClassText({ id }: { id: number }) {
  const intl = useIntl();
  const format = useFormat();
  const [name, setName] = useState<string>();
  useEffect(() => {
    let current = true;
    call<TSchedule>(`/api/schedules/${id}`, { skipErrorHandler: true })
      .then((schedule) => current && setName(`${schedule.course.name}, ${format.dateTime(schedule.startAt)}`))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [id, format]);
  return <>{intl.formatMessage({ id: 'names.onlyClass' }, { name: name ?? '…' })}</>;
}
