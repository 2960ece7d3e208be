import { useIntl } from '@umijs/max';
import { Alert, Button, Flex, Typography } from 'antd';
import type { TScheduleRangeSummary } from '@/contracts/schedules';

type Named = { id: number; name: string; classes: number };

/**
 * Issue 24: the range holds more classes than the calendar draws. Says so, with the busiest teachers
 * and locations as one-click filters; the days' counts are drawn in the calendar itself.
 */
export default function TooManyClasses({
  summary,
  onTeacher,
  onLocation,
}: {
  summary: TScheduleRangeSummary;
  onTeacher: (id: number) => void;
  onLocation: (id: number) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const picks = (label: string, list: Named[], pick: (id: number) => void) =>
    list.length > 0 && (
      <Flex wrap gap={4} align="center">
        <Typography.Text>{label}</Typography.Text>
        {list.map((item) => (
          <Button key={item.id} size="small" onClick={() => pick(item.id)}>
            {t('listLimits.calendar.pick', { name: item.name, count: intl.formatNumber(item.classes) })}
          </Button>
        ))}
      </Flex>
    );
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="calendar-too-many"
      message={t('listLimits.calendar.tooMany', {
        total: intl.formatNumber(summary.total),
        limit: intl.formatNumber(summary.limit),
      })}
      description={
        <Flex vertical gap={6}>
          {picks(t('listLimits.calendar.busiestTeachers'), summary.teachers, onTeacher)}
          {summary.locations.length > 1 &&
            picks(t('listLimits.calendar.busiestLocations'), summary.locations, onLocation)}
        </Flex>
      }
    />
  );
}
