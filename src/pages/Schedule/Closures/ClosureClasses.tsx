import { Link, useIntl } from '@umijs/max';
import { Button, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useCancelDialog } from '@/components/ScheduleForm/CancelDialog';
import { toldText } from '@/components/ScheduleForm/NotifyFields';
import type { TClosure, TClosureClass } from '@/contracts/closures';
import { cancelSchedules } from '@/services/schedules';
import { useFormat } from '@/utils/useFormat';
import { runScheduleWrite } from '../TableView/components/labels';

/**
 * The planned classes on a closure's days: "Cancel these classes" in one step (asking whom to tell),
 * or each one's week on the calendar to move it.
 */
export default function ClosureClasses({
  shown,
  onClose,
  onChanged,
}: {
  shown?: { closure: TClosure; classes: TClosureClass[] };
  onClose: () => void;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const cancelDialog = useCancelDialog();
  const [busy, setBusy] = useState(false);
  const classes = shown?.classes ?? [];

  const cancelAll = async () => {
    const choice = await cancelDialog.ask({
      title: t('notify.closure.cancelQuestion', { count: classes.length }),
      count: classes.length,
      byCentre: true,
    });
    if (!choice) return;
    setBusy(true);
    const done = await runScheduleWrite(
      () =>
        cancelSchedules(
          classes.map((c) => c.id),
          choice,
        ),
      (reply) => `${t('notify.closure.cancelled', { count: reply.cancelled.length })} ${toldText(t, reply.told)}`,
      t,
    );
    setBusy(false);
    if (!done) return;
    onChanged();
    onClose();
  };

  return (
    <Modal
      open={!!shown}
      title={shown && t('notify.closure.classesTitle', { name: shown.closure.name })}
      onCancel={onClose}
      width={760}
      wrapClassName="closure-classes"
      destroyOnClose
      footer={[
        <Button key="close" onClick={onClose}>
          {t('notify.closure.later')}
        </Button>,
        <Button key="cancel" danger type="primary" disabled={!classes.length || busy} onClick={cancelAll}>
          {t('notify.closure.cancelAll', { count: classes.length })}
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {classes.length ? t('notify.closure.classesIntro', { count: classes.length }) : t('notify.closure.noClasses')}
      </Typography.Paragraph>
      <Table<TClosureClass>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={classes}
        columns={[
          {
            title: t('notify.closure.when'),
            key: 'when',
            width: 170,
            render: (_, c) => `${format.dateTime(c.startAt)}–${format.dateTime(c.endAt).slice(11)}`,
          },
          { title: t('notify.closure.course'), dataIndex: 'course', ellipsis: true },
          { title: t('notify.closure.teacher'), dataIndex: 'teacher', width: 140, ellipsis: true },
          {
            title: t('notify.closure.students'),
            key: 'students',
            ellipsis: true,
            render: (_, c) => c.students.join(', '),
          },
          {
            title: t('notify.closure.move'),
            key: 'move',
            width: 90,
            render: (_, c) => (
              <Link to={`/schedule/schedule-calendar?date=${format.dateTime(c.startAt).slice(0, 10)}&view=week`}>
                {t('notify.closure.moveLink')}
              </Link>
            ),
          },
        ]}
      />
      {cancelDialog.dialog}
    </Modal>
  );
}
