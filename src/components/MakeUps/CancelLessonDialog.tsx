import { Alert, Descriptions, Form, Input, Modal, message, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TCancellationPreview, TCanceller } from '@/contracts/lessons';
import { cancellers } from '@/contracts/lessons';
import { cancelLesson, previewCancel } from '@/services/lessons';
import { useFormat } from '@/utils/useFormat';
import { refusalText, useT } from './shared';

export interface LessonStudent {
  id: number;
  name: string;
}

/**
 * "Cancel lesson" for one student of a class (the desk): who cancels and why, then the consequence the
 * server would post (its sentence, the charge and whether a make-up credit is earned) shown BEFORE the
 * confirmation, which sends what was shown (a different outcome is refused and shown again).
 */
export default function CancelLessonDialog({
  scheduleId,
  students,
  studentId: initial,
  onClose,
  onDone,
}: {
  /** The class; undefined: closed. */
  scheduleId: number | undefined;
  /** The class's students whose lesson can be cancelled (a picker when more than one and none given). */
  students: LessonStudent[];
  studentId?: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const [studentId, setStudentId] = useState<number | undefined>(initial);
  const [by, setBy] = useState<TCanceller>('FAMILY');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<TCancellationPreview>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const open = scheduleId !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening.
  useEffect(() => {
    if (!open) return;
    setStudentId(initial ?? (students.length === 1 ? students[0].id : undefined));
    setBy('FAMILY');
    setReason('');
    setError(undefined);
  }, [open, scheduleId, initial]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` asks for the preview again.
  useEffect(() => {
    setPreview(undefined);
    if (scheduleId === undefined || studentId === undefined) return;
    let live = true;
    previewCancel(scheduleId, studentId, by).then(
      (p) => live && setPreview(p),
      (e: unknown) => live && setError(refusalText(e, t)),
    );
    return () => {
      live = false;
    };
  }, [scheduleId, studentId, by, tick]);

  const confirm = async () => {
    if (scheduleId === undefined || studentId === undefined || !preview) return;
    setBusy(true);
    setError(undefined);
    try {
      const outcome = await cancelLesson(scheduleId, studentId, {
        by,
        reason: reason.trim() || undefined,
        expectedCharge: preview.charge,
        expectedCredit: preview.credit,
      });
      message.success(outcome.summary);
      onDone();
    } catch (e) {
      setError(refusalText(e, t));
      // The consequence may have changed (the notice window passed): show it again before anything else.
      setTick((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('lessons.cancel.title')}
      okText={t('lessons.cancel.confirm')}
      okButtonProps={{ danger: true, disabled: !preview, loading: busy }}
      cancelText={t('lessons.cancel.keep')}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        {students.length > 1 || initial === undefined ? (
          <Form.Item label={t('lessons.cancel.student')} htmlFor="cancel-lesson-student">
            <Select
              id="cancel-lesson-student"
              value={studentId}
              onChange={setStudentId}
              options={students.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        ) : (
          <Typography.Paragraph strong>{students.find((s) => s.id === studentId)?.name}</Typography.Paragraph>
        )}
        <Form.Item label={t('lessons.cancel.by')}>
          <Radio.Group
            value={by}
            onChange={(e) => setBy(e.target.value as TCanceller)}
            aria-label={t('lessons.cancel.by')}
            options={cancellers.map((c) => ({ value: c, label: t(`lessons.cancel.by.${c}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('lessons.cancel.reason')} htmlFor="cancel-lesson-reason">
          <Input.TextArea
            id="cancel-lesson-reason"
            value={reason}
            maxLength={500}
            rows={2}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
      {studentId === undefined ? null : preview ? (
        <ConsequenceView preview={preview} money={fmt.money} />
      ) : error ? null : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
      {error ? <Alert type="error" showIcon style={{ marginTop: 12 }} message={error} /> : null}
    </Modal>
  );
}

/** The consequence as the server states it, then its parts: the charge, the make-up credit, the teacher's pay. */
export function ConsequenceView({
  preview,
  money,
  staff = true,
}: {
  preview: TCancellationPreview;
  money: (amount: string) => string;
  staff?: boolean;
}) {
  const t = useT();
  return (
    <div data-testid="cancel-consequence">
      <Alert
        type={preview.charge && preview.charge !== '0.00' ? 'warning' : 'info'}
        showIcon
        message={preview.summary}
        style={{ marginBottom: 12 }}
      />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('lessons.preview.charge')}>
          {preview.charge === null
            ? t('lessons.preview.notVoucher')
            : preview.charge === '0.00'
              ? t('lessons.preview.noCharge')
              : `${money(preview.charge)} (${preview.chargePercent}%)`}
        </Descriptions.Item>
        <Descriptions.Item label={t('lessons.preview.credit')}>
          <Space wrap>
            {preview.credit
              ? t('lessons.preview.creditYes')
              : preview.returnCredit
                ? t('lessons.preview.creditReturned')
                : t('lessons.preview.creditNo')}
            {preview.quotaReached ? t('lessons.preview.quotaReached') : null}
          </Space>
        </Descriptions.Item>
        {staff ? (
          <Descriptions.Item label={t('lessons.preview.teacherPaid')}>
            {t(preview.teacherPaid ? 'common.yes' : 'common.no')}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </div>
  );
}
