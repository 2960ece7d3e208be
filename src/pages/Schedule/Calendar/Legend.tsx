import { useIntl } from '@umijs/max';
import { Flex, Typography } from 'antd';
import { CLASS_STATES } from '@/contracts/class-state';
import type { CalendarEvent } from './calendar';
import { STATE_ICONS } from './EventContent';
import { DEFAULT_COLOUR, eventStyle, stateLook } from './look';

const swatch = { display: 'inline-block', padding: '0 6px', borderRadius: 4, border: '1px solid', lineHeight: '20px' };

/** What the calendar's colours and marks mean: one sample per state, then each shown teacher's colour. */
export default function Legend({ events }: { events: CalendarEvent[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const teachers = new Map<number, CalendarEvent>();
  for (const event of events) if (!teachers.has(event.source.teacher.id)) teachers.set(event.source.teacher.id, event);
  return (
    <Flex wrap gap={8} align="center" className="schedule-legend" role="group" aria-label={t('scheduleNow.legend')}>
      <Typography.Text strong>{t('scheduleNow.legend')}</Typography.Text>
      {CLASS_STATES.map((state) => {
        return (
          <span
            key={state}
            style={{ ...swatch, ...stateLook(DEFAULT_COLOUR, state).style }}
            data-testid={`legend-${state}`}
          >
            {STATE_ICONS[state]} {t(`scheduleNow.state.${state}`)}
          </span>
        );
      })}
      {teachers.size > 0 && <Typography.Text type="secondary">{t('scheduleNow.legend.teacherColour')}</Typography.Text>}
      {[...teachers.values()].map((event) => (
        <span key={event.source.teacher.id} style={{ ...swatch, ...eventStyle({ ...event, state: 'UPCOMING' }).style }}>
          {event.source.teacher.name}
        </span>
      ))}
    </Flex>
  );
}
