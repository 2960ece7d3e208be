import { useIntl } from '@umijs/max';
import { Alert, Checkbox, Input, Modal, message, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TPayrollReview } from '@/contracts/payroll';
import { closePayrollMonth } from '@/services/payroll';
import type { Formatter } from '@/utils/format';
import { BLOCKER_IDS, blockerDetail } from './PayrollCloseTables';

interface Props {
  review: TPayrollReview;
  open: boolean;
  format: Formatter;
  onClose: () => void;
  onClosed: () => void;
}

/** Confirms a close: what it pays, and the blockers, which the admin acknowledges with a checkbox. */
export default function PayrollCloseDialog({ review, open, format, onClose, onClosed }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [acknowledged, setAcknowledged] = useState(false);
  const [comments, setComments] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setAcknowledged(false);
      setComments('');
    }
  }, [open]);
  const blocked = review.blockerCount > 0;

  const submit = async () => {
    setSaving(true);
    try {
      await closePayrollMonth({ month: review.month, acknowledgeBlockers: blocked && acknowledged, comments });
      message.success(t('payroll.closedDone', { month: review.month }));
      onClosed();
    } catch {
      // The request layer has shown the server's reason (closed already, blockers not acknowledged).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('payroll.dialog.title', { month: review.month })}
      okText={t('payroll.close')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: blocked, disabled: blocked && !acknowledged, className: 'payroll-confirm-close' }}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('payroll.dialog.pays', {
          classes: review.totals.classes,
          hours: review.totals.hours,
          amount: format.money(review.totals.amount),
        })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('payroll.dialog.after')}</Typography.Paragraph>
      {blocked && (
        <>
          <Alert
            type="warning"
            showIcon
            message={t('payroll.dialog.blockers', { count: review.blockerCount })}
            description={
              <ul
                className="payroll-dialog-blockers"
                style={{ margin: 0, paddingLeft: 18, maxHeight: 180, overflowY: 'auto' }}
              >
                {review.blockers.map((b) => (
                  <li key={`${b.kind}-${b.scheduleId ?? `t${b.teacher.id}`}`}>
                    {t(BLOCKER_IDS[b.kind])} · {b.teacher.name}
                    {b.startAt ? ` · ${format.dateTime(b.startAt)}` : ''} · {blockerDetail(b, t, format)}
                  </li>
                ))}
              </ul>
            }
            style={{ marginBottom: 12 }}
          />
          <Checkbox
            className="payroll-acknowledge"
            checked={acknowledged}
            onChange={(e) => setAcknowledged(e.target.checked)}
          >
            {t('payroll.dialog.acknowledge', { count: review.blockerCount })}
          </Checkbox>
        </>
      )}
      <Input.TextArea
        style={{ marginTop: 12 }}
        maxLength={500}
        rows={2}
        placeholder={t('payroll.dialog.comments')}
        value={comments}
        onChange={(e) => setComments(e.target.value)}
      />
    </Modal>
  );
}
