import { useIntl } from '@umijs/max';
import { Alert, Button, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import type { TScheduleConflict } from '@/contracts/errors';
import { useFormat } from '@/utils/useFormat';

/** The line of each kind of clash (who is double-booked). */
const CLASH_TEXT: Record<TScheduleConflict['who'], string> = {
  teacher: 'schedules.conflict.teacher',
  student: 'schedules.conflict.student',
  room: 'places.conflict.room',
};
/** A room clash names "Location · Room": the room's own name, with its location in brackets. */
const roomName = (personName: string) => {
  const cut = personName.lastIndexOf(' · ');
  return cut < 0 ? personName : `${personName.slice(cut + 3)} (${personName.slice(0, cut)})`;
};

export interface ConflictDialogProps {
  open: boolean;
  conflicts: readonly TScheduleConflict[];
  /** Shows "Override" (operators and admins: the right schedules:manage). */
  canOverride: boolean;
  /** The reason the user gave to save despite the clashes. */
  onOverride: (reason: string) => void;
  onCancel: () => void;
}

/** A 409's clashes, one line each (when, who, which other class), and for those allowed an override with a reason. */
export default function ConflictDialog({ open, conflicts, canOverride, onOverride, onCancel }: ConflictDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [overriding, setOverriding] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setOverriding(false);
    setReason('');
    onCancel();
  };
  const confirm = () => {
    if (!reason.trim()) return;
    setOverriding(false);
    setReason('');
    onOverride(reason.trim());
  };
  const span = (start: string, end: string) => {
    const startText = format.dateTime(start);
    const endText = format.dateTime(end);
    return `${startText}–${endText.slice(0, 10) === startText.slice(0, 10) ? endText.slice(11) : endText}`;
  };
  const footer = overriding
    ? [
        <Button key="back" onClick={() => setOverriding(false)}>
          {t('common.back')}
        </Button>,
        <Button key="save" type="primary" danger disabled={!reason.trim()} onClick={confirm}>
          {t('schedules.conflict.saveAnyway')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={close}>
          {t('schedules.conflict.change')}
        </Button>,
        canOverride && (
          <Button key="override" danger onClick={() => setOverriding(true)}>
            {t('schedules.conflict.override')}
          </Button>
        ),
      ];
  return (
    <Modal
      open={open}
      title={t('schedules.conflict.title', { count: conflicts.length })}
      onCancel={close}
      footer={footer}
      width={620}
      destroyOnClose
      wrapClassName="schedule-conflicts"
      zIndex={1100}
    >
      <Typography.Paragraph>
        {t(conflicts.some((c) => c.who === 'room') ? 'places.conflict.intro' : 'schedules.conflict.intro')}
      </Typography.Paragraph>
      <List
        size="small"
        bordered
        style={{ maxHeight: 320, overflowY: 'auto' }}
        dataSource={[...conflicts]}
        renderItem={(clash) => (
          <List.Item className="schedule-conflict">
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{span(clash.startAt, clash.endAt)}</Typography.Text>
              <Typography.Text>
                {t(CLASH_TEXT[clash.who], {
                  // A room's personName is "Location · Room"; the line reads "Room <name>".
                  name: clash.who === 'room' ? roomName(clash.personName) : clash.personName,
                  course: clash.courseName,
                  time: span(clash.otherStartAt, clash.otherEndAt),
                })}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {overriding && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Alert type="warning" showIcon message={t('schedules.conflict.overrideHint')} />
          <Input.TextArea
            autoFocus
            aria-label={t('schedules.conflict.reason')}
            placeholder={t('schedules.conflict.reason')}
            value={reason}
            maxLength={500}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                confirm();
              }
            }}
          />
        </Space>
      )}
    </Modal>
  );
}
