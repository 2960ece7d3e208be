import { Alert, Button, Drawer, Input, message, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ConsequenceView } from '@/components/MakeUps/CancelLessonDialog';
import { refusalText } from '@/components/MakeUps/shared';
import type { TCancellationPreview } from '@/contracts/lessons';
import type { TPortalLesson } from '@/contracts/portal';
import { portalCancel, portalPreviewCancel } from '@/services/lessons';
import { useFormat } from '@/utils/useFormat';
import { useT, whenText } from './shared';

/**
 * The family's "Cancel" of an upcoming lesson (phone first, a sheet from the bottom): the consequence
 * in the family's language (the server's sentence, the charge, the make-up credit) BEFORE the
 * confirmation, which sends what was shown; a changed outcome is refused and shown again.
 */
export default function CancelLessonSheet({
  lesson,
  childId,
  onClose,
  onDone,
}: {
  lesson: TPortalLesson | undefined;
  childId: number | undefined;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const [preview, setPreview] = useState<TCancellationPreview>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` asks for the consequence again.
  useEffect(() => {
    setPreview(undefined);
    if (!lesson || childId === undefined) return;
    let live = true;
    portalPreviewCancel(lesson.id, childId).then(
      (p) => live && setPreview(p),
      (e: unknown) => live && setError(refusalText(e, t)),
    );
    return () => {
      live = false;
    };
  }, [lesson?.id, childId, tick]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new lesson starts with an empty form.
  useEffect(() => {
    setReason('');
    setError(undefined);
  }, [lesson?.id]);

  const confirm = async () => {
    if (!lesson || childId === undefined || !preview) return;
    setBusy(true);
    setError(undefined);
    try {
      const outcome = await portalCancel(lesson.id, childId, {
        reason: reason.trim() || undefined,
        expectedCharge: preview.charge,
        expectedCredit: preview.credit,
      });
      message.success(outcome.summary);
      onDone();
    } catch (e) {
      setError(refusalText(e, t));
      setTick((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={lesson !== undefined}
      placement="bottom"
      height="auto"
      title={t('lessons.portal.cancelTitle')}
      onClose={onClose}
      destroyOnHidden
    >
      {lesson ? (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Text strong>
            {whenText(fmt, lesson)} · {lesson.course}
          </Typography.Text>
          {preview ? (
            <ConsequenceView preview={preview} money={fmt.money} staff={false} />
          ) : error ? null : (
            <Skeleton active />
          )}
          <div>
            <label htmlFor="portal-cancel-reason">{t('lessons.cancel.reason')}</label>
            <Input.TextArea
              id="portal-cancel-reason"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
          <Button block size="large" danger type="primary" disabled={!preview} loading={busy} onClick={confirm}>
            {t('lessons.portal.confirmCancel')}
          </Button>
          <Button block size="large" onClick={onClose}>
            {t('lessons.cancel.keep')}
          </Button>
        </Space>
      ) : null}
    </Drawer>
  );
}
