import { useIntl } from '@umijs/max';
import { Empty, Flex, Radio, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { TMoneyMove } from '@/contracts/money-moves';
import type { TAttendance, TSchedule } from '@/contracts/schedules';
import { showRequestError } from '@/requestErrorConfig';
import { previewAttendance } from '@/services/moneyMoves';
import { setAttendance } from '@/services/schedules';
import { useFormat } from '@/utils/useFormat';
import { ATTENDANCES, runScheduleWrite } from './labels';
import { confirmMoves, moveTexts } from './moneyMoves';

/** A class's students, each with their attendance as a segmented toggle (saved at once). */
export default function ClassStudents({ schedule }: { schedule: TSchedule }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // The reply of each write is the class as saved: the toggles show that, not what was clicked.
  const [current, setCurrent] = useState(schedule);
  const [saving, setSaving] = useState<number>();
  const format = useFormat();

  // A class's student `id` is the student's own id (the path's :studentId).
  const choose = async (studentId: number, attendance: TAttendance) => {
    setSaving(studentId);
    // A charged class (completed, paid by voucher): say what will move before saving.
    if (current.status === 'COMPLETED' && current.paymentType === 'VOUCHER') {
      const preview = await previewAttendance(current.id, studentId, attendance).catch((error) => {
        showRequestError(error);
        return undefined;
      });
      if (!preview || (preview.moves.length && !(await confirmMoves(preview.moves, t, format.money)))) {
        setSaving(undefined);
        return;
      }
    }
    let moves: TMoneyMove[] = [];
    await runScheduleWrite(
      async () => {
        const saved = await setAttendance(current.id, studentId, attendance);
        moves = saved.moneyMoves;
        setCurrent(saved);
      },
      () =>
        moves.length
          ? t('money.moves.saved', { moves: moveTexts(moves, t, format.money).join(', ') })
          : t('scheduleViews.attendance.saved'),
      t,
    );
    setSaving(undefined);
  };

  if (current.students.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scheduleViews.table.noStudents')} />;
  }
  return (
    <Flex vertical gap={4} style={{ maxWidth: 640, paddingInlineStart: 8 }}>
      {current.students.map((student) => (
        <Flex key={student.id} align="center" justify="space-between" gap={16}>
          <Typography.Text ellipsis>
            <Typography.Text delete={Boolean(student.cancelledBy)}>{student.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {student.studentId}
            </Typography.Text>
            {student.cancelledBy ? (
              <Tag style={{ marginInlineStart: 8 }}>{t(`lessons.cancelled.${student.cancelledBy}`)}</Tag>
            ) : null}
            {student.makeUp ? (
              <Tag color="cyan" style={{ marginInlineStart: 8 }}>
                {t('lessons.makeUp.tag')}
              </Tag>
            ) : null}
          </Typography.Text>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="small"
            aria-label={t('scheduleViews.attendance.of', { name: student.name })}
            disabled={saving === student.id || current.status === 'CANCELLED'}
            value={student.attendance ?? undefined}
            options={ATTENDANCES.map((a) => ({ value: a, label: t(`scheduleViews.attendance.${a}`) }))}
            onChange={(e) => choose(student.id, e.target.value)}
            style={{ flex: 'none' }}
          />
        </Flex>
      ))}
    </Flex>
  );
}
