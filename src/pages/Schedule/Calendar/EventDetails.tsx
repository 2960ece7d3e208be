import { DragOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Descriptions, Modal, message, Skeleton, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import CancelLessonDialog from '@/components/MakeUps/CancelLessonDialog';
import { StudentLessonLine } from '@/components/MakeUps/StudentLessonLine';
import { useCancelDialog } from '@/components/ScheduleForm/CancelDialog';
import { toldText } from '@/components/ScheduleForm/NotifyFields';
import SubstituteDialog from '@/components/SubstituteDialog';
import type { TTold } from '@/contracts/class-notices';
import type { TSchedule } from '@/contracts/schedules';
import { cancelSchedule, confirmSchedule, getSchedule, reopenSchedule } from '@/services/schedules';
import { describeActionFailure } from '@/utils/recordActions';
import { useFormat } from '@/utils/useFormat';
import { useLocations } from '@/utils/useLocations';
import WaitlistPanel from './WaitlistPanel';

/** Locale ids, written out so the locale test sees each. */
const STATUS_IDS = {
  PLANNED: 'schedules.status.PLANNED',
  COMPLETED: 'schedules.status.COMPLETED',
  CANCELLED: 'schedules.status.CANCELLED',
};
const STATUS_COLOURS = { PLANNED: 'blue', COMPLETED: 'green', CANCELLED: 'default' };
const ATTENDANCE_IDS = {
  ATTENDED: 'schedules.attendance.ATTENDED',
  ABSENT: 'schedules.attendance.ABSENT',
  EXCUSED: 'schedules.attendance.EXCUSED',
  NO_SHOW: 'schedules.attendance.NO_SHOW',
};

interface Props {
  /** The class to show; none: closed. */
  id?: number;
  onClose: () => void;
  /** Edit the class; `moving` opens the form on its day and times (the non-drag way to move it). */
  onEdit: (record: TSchedule, moving?: boolean) => void;
  /** After a confirmation, a reopening or a cancellation (the calendar reloads). */
  onChanged: () => void;
}

/** A clicked class: what it is, and what an operator may do with it (edit, confirm on behalf, reopen, cancel). */
export default function EventDetails({ id, onClose, onEdit, onChanged }: Props) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const format = useFormat();
  const places = useLocations();
  const [record, setRecord] = useState<TSchedule>();
  const [busy, setBusy] = useState(false);
  const cancelDialog = useCancelDialog();
  const [cancelling, setCancelling] = useState<number>();
  const [tick, setTick] = useState(0);
  const lessonChanged = () => {
    setCancelling(undefined);
    setTick((n) => n + 1);
    onChanged();
  };
  const [substituting, setSubstituting] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` reads the class again after a student's lesson changed.
  useEffect(() => {
    setRecord(undefined);
    if (id === undefined) return;
    let current = true;
    getSchedule(id)
      .then((reply) => current && setRecord(reply))
      .catch(() => current && onClose());
    return () => {
      current = false;
    };
  }, [id, onClose, tick]);

  const act = async (write: () => Promise<TSchedule & { told?: TTold }>, done: string) => {
    setBusy(true);
    try {
      const reply = await write();
      setRecord(reply);
      message.success(reply.told ? `${t(done)} ${toldText(t, reply.told)}` : t(done));
      onChanged();
    } catch (error) {
      message.error(describeActionFailure(error, 'update', [], t).content);
    } finally {
      setBusy(false);
    }
  };

  const started = record ? Date.parse(record.startAt) <= Date.now() : false;
  const actions = record && [
    record.status !== 'CANCELLED' && (
      <Button key="edit" type="primary" onClick={() => onEdit(record)}>
        {t('schedules.details.edit')}
      </Button>
    ),
    record.status === 'PLANNED' && (
      <Button key="move" icon={<DragOutlined />} onClick={() => onEdit(record, true)}>
        {t('scheduleNow.move')}
      </Button>
    ),
    record.status === 'PLANNED' && (
      <Button key="substitute" disabled={busy} onClick={() => setSubstituting(true)}>
        {t('cover.substitute.open')}
      </Button>
    ),
    record.status === 'PLANNED' && (
      <Button
        key="confirm"
        disabled={!started || busy}
        title={started ? undefined : t('schedules.details.notStarted')}
        onClick={() => act(() => confirmSchedule(record.id, {}), 'schedules.details.confirmed')}
      >
        {t('schedules.details.confirm')}
      </Button>
    ),
    record.status === 'COMPLETED' && (
      <Button
        key="reopen"
        disabled={busy}
        onClick={() => act(() => reopenSchedule(record.id), 'schedules.details.reopened')}
      >
        {t('schedules.details.reopen')}
      </Button>
    ),
    record.status === 'PLANNED' && (
      <Button
        key="cancel"
        danger
        disabled={busy}
        onClick={async () => {
          const choice = await cancelDialog.ask({ title: t('schedules.details.cancelQuestion'), count: 1 });
          if (choice) await act(() => cancelSchedule(record.id, choice), 'schedules.details.cancelled');
        }}
      >
        {t('schedules.details.cancelClass')}
      </Button>
    ),
  ];

  const time = record && `${format.dateTime(record.startAt)}–${format.dateTime(record.endAt).slice(11)}`;
  return (
    <Modal
      open={id !== undefined}
      title={record ? record.course.name : t('schedules.details.loading')}
      onCancel={onClose}
      footer={<Space wrap>{actions}</Space>}
      width={560}
      wrapClassName="schedule-details"
      destroyOnClose
    >
      {!record ? (
        <Skeleton active />
      ) : (
        <>
          {record.conflictOverride && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={t('schedules.details.overridden', { reason: record.conflictReason ?? '' })}
            />
          )}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('schedules.details.status')}>
              <Tag color={STATUS_COLOURS[record.status]}>{t(STATUS_IDS[record.status])}</Tag>
              {record.seriesId !== null && <Tag>{t('schedules.details.series')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('schedules.details.time')}>{time}</Descriptions.Item>
            {record.teacherStartAt !== record.startAt || record.teacherEndAt !== record.endAt ? (
              <Descriptions.Item label={t('schedules.details.teacherTime')}>
                {`${format.dateTime(record.teacherStartAt)}–${format.dateTime(record.teacherEndAt).slice(11)}`}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('schedules.field.teacher')}>
              {record.teacher.name}
              {record.originalTeacher && (
                <Tag color="purple" style={{ marginInlineStart: 8 }} data-testid="covering-for">
                  {t('cover.coveringFor', { name: record.originalTeacher.name })}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('schedules.field.students')}>
              {record.students.map((student) => (
                <div key={student.id}>
                  <StudentLessonLine
                    student={student}
                    attendance={student.attendance && t(ATTENDANCE_IDS[student.attendance])}
                    planned={record.status === 'PLANNED'}
                    scheduleId={record.id}
                    onCancel={setCancelling}
                    onChanged={lessonChanged}
                    t={t}
                  />
                </div>
              ))}
            </Descriptions.Item>
            {places.many && record.location && (
              <Descriptions.Item label={t('places.field.location')}>{record.location.name}</Descriptions.Item>
            )}
            {record.room && <Descriptions.Item label={t('places.field.room')}>{record.room.name}</Descriptions.Item>}
            {(record.place ?? record.address) && (
              <Descriptions.Item label={t('places.field.place')}>{record.place ?? record.address}</Descriptions.Item>
            )}
            {record.confirmedAt && (
              <Descriptions.Item label={t('schedules.details.confirmedAt')}>
                {t(record.confirmedOnBehalf ? 'schedules.details.confirmedOnBehalf' : 'schedules.details.confirmedBy', {
                  at: format.dateTime(record.confirmedAt),
                  who: record.confirmedBy ?? '',
                })}
              </Descriptions.Item>
            )}
            {record.comments && (
              <Descriptions.Item label={t('forms.common.comments')}>{record.comments}</Descriptions.Item>
            )}
          </Descriptions>
          {record.courseType === 'GROUP' && record.capacity !== null && <WaitlistPanel record={record} />}
        </>
      )}
      {cancelDialog.dialog}
      <CancelLessonDialog
        scheduleId={cancelling === undefined ? undefined : record?.id}
        students={record?.students.filter((s) => s.id === cancelling) ?? []}
        studentId={cancelling}
        onClose={() => setCancelling(undefined)}
        onDone={lessonChanged}
      />
      <SubstituteDialog
        record={substituting ? record : undefined}
        onClose={() => setSubstituting(false)}
        onDone={() => {
          setSubstituting(false);
          if (record) getSchedule(record.id).then(setRecord, () => undefined);
          onChanged();
        }}
      />
    </Modal>
  );
}
