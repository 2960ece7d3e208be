import { Button, Modal, message, Space, Tag, Typography } from 'antd';
import type { TScheduleStudent } from '@/contracts/schedules';
import { undoCancel } from '@/services/lessons';
import { refusalText, type T } from './shared';

/**
 * One student of a class on the desk: the name (struck through with a tag when their lesson was
 * cancelled; a make-up tagged), the attendance, and on a planned class "Cancel lesson" or "Undo
 * cancellation".
 */
export function StudentLessonLine({
  student,
  attendance,
  planned,
  scheduleId,
  onCancel,
  onChanged,
  t,
}: {
  student: TScheduleStudent;
  attendance: string | null;
  planned: boolean;
  scheduleId: number;
  onCancel: (studentId: number) => void;
  onChanged: () => void;
  t: T;
}) {
  const cancelled = student.cancelledBy ? student.cancelledBy : null;
  const undo = () =>
    Modal.confirm({
      title: t('lessons.undo.question', { name: student.name }),
      content: t('lessons.undo.help'),
      okText: t('lessons.undo.action'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await undoCancel(scheduleId, student.id);
          message.success(t('lessons.undo.done'));
          onChanged();
        } catch (e) {
          message.error(refusalText(e, t));
        }
      },
    });
  return (
    <Space size={4} wrap data-testid={`lesson-student-${student.id}`}>
      {cancelled ? <Typography.Text delete>{student.name}</Typography.Text> : <span>{student.name}</span>}
      {attendance ? <span>· {attendance}</span> : null}
      {cancelled ? (
        <Tag color="default">
          {t(`lessons.cancelled.${cancelled}`)}
          {student.cancelLate ? ` · ${t('lessons.credit.late')}` : ''}
        </Tag>
      ) : null}
      {student.makeUp ? <Tag color="cyan">{t('lessons.makeUp.tag')}</Tag> : null}
      {planned && !cancelled ? (
        <Button size="small" type="link" onClick={() => onCancel(student.id)}>
          {t('lessons.cancel.action')}
        </Button>
      ) : null}
      {planned && cancelled ? (
        <Button size="small" type="link" onClick={undo}>
          {t('lessons.undo.action')}
        </Button>
      ) : null}
    </Space>
  );
}
