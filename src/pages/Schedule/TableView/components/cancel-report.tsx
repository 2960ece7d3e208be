import { Modal, Typography } from 'antd';
import { toldText } from '@/components/ScheduleForm/NotifyFields';
import type { TTold } from '@/contracts/class-notices';
import type { TSchedule } from '@/contracts/schedules';
import type { Formatter } from '@/utils/format';

type T = (id: string, values?: Record<string, string | number>) => string;

const describeClass = (byId: Map<number, TSchedule>, id: number, format: Formatter) => {
  const s = byId.get(id);
  return s ? `${format.dateTime(s.startAt)} ${s.course.name} (${s.teacher.name})` : `#${id}`;
};

/** Shows what a batch cancel did: the classes cancelled, and those that were not with the reason. */
export function showCancelReport(
  reply: { cancelled: number[]; notCancelled: { id: number; reason: string }[]; told?: TTold },
  selected: TSchedule[],
  t: T,
  format: Formatter,
) {
  const byId = new Map(selected.map((s) => [s.id, s]));
  const partial = reply.notCancelled.length > 0;
  Modal[partial ? 'warning' : 'success']({
    title: t(partial ? 'scheduleViews.table.reportPartial' : 'scheduleViews.table.reportAll'),
    width: 600,
    content: (
      <>
        <Typography.Title level={5}>
          {t('scheduleViews.table.reportCancelled', { count: reply.cancelled.length })}
        </Typography.Title>
        <ul>
          {reply.cancelled.map((id) => (
            <li key={id}>{describeClass(byId, id, format)}</li>
          ))}
        </ul>
        {reply.told && <Typography.Paragraph>{toldText(t, reply.told)}</Typography.Paragraph>}
        {partial && (
          <>
            <Typography.Title level={5}>
              {t('scheduleViews.table.reportNotCancelled', { count: reply.notCancelled.length })}
            </Typography.Title>
            <ul>
              {reply.notCancelled.map(({ id, reason }) => (
                <li key={id}>
                  {describeClass(byId, id, format)}: {reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    ),
  });
}
