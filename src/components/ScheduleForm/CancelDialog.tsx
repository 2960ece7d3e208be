import { useIntl } from '@umijs/max';
import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import type { TNotifyChoice } from '@/contracts/class-notices';
import NotifyFields, { NOTIFY_EVERYONE } from './NotifyFields';

interface Question {
  /** "Cancel this class?" */
  title: string;
  /** How many classes: names the OK button. */
  count: number;
  /** A line under the title (a taught class's warning). */
  detail?: string;
  /** The centre cancels, without asking (a closure's classes). */
  byCentre?: boolean;
}

/** What the desk answered: whom to tell, who cancels (recorded on the class and its credits), and why. */
export interface CancelChoice {
  notify: TNotifyChoice;
  cancelledBy: 'CENTRE' | 'TEACHER';
  reason?: string;
}

/**
 * The cancel confirmation as a promise: who cancels (the centre or the teacher, issue 37 finding 12),
 * what that means for the families and the teacher's pay, an optional reason, and "Notify the teacher
 * / the families" (both ticked); undefined when the user keeps the classes. Render `dialog` once.
 */
export function useCancelDialog(): {
  ask: (question: Question) => Promise<CancelChoice | undefined>;
  dialog: ReactNode;
} {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [question, setQuestion] = useState<Question>();
  const [notify, setNotify] = useState<TNotifyChoice>(NOTIFY_EVERYONE);
  const [by, setBy] = useState<CancelChoice['cancelledBy']>('CENTRE');
  const [reason, setReason] = useState('');
  const resolve = useRef<(choice: CancelChoice | undefined) => void>();

  const ask = (next: Question) =>
    new Promise<CancelChoice | undefined>((done) => {
      resolve.current = done;
      setNotify(NOTIFY_EVERYONE);
      setBy('CENTRE');
      setReason('');
      setQuestion(next);
    });
  const answer = (choice: CancelChoice | undefined) => {
    setQuestion(undefined);
    resolve.current?.(choice);
  };

  const dialog = (
    <Modal
      open={!!question}
      title={question?.title}
      okText={
        question && question.count > 1 ? t('notify.cancelMany', { count: question.count }) : t('notify.cancelOne')
      }
      cancelText={t('notify.keep')}
      okButtonProps={{ danger: true }}
      onOk={() => answer({ notify, cancelledBy: by, reason: reason.trim() || undefined })}
      onCancel={() => answer(undefined)}
      wrapClassName="schedule-cancel"
      destroyOnClose
      width={480}
    >
      {question?.detail && <Typography.Paragraph>{question.detail}</Typography.Paragraph>}
      <Form layout="vertical" component="div">
        {!question?.byCentre && (
          <Form.Item label={<span id="schedule-cancel-who">{t('notify.who')}</span>} style={{ marginBottom: 8 }}>
            <Radio.Group
              aria-labelledby="schedule-cancel-who"
              value={by}
              onChange={(e) => setBy(e.target.value)}
              className="schedule-cancel-who"
              options={[
                { value: 'CENTRE', label: t('notify.who.CENTRE') },
                { value: 'TEACHER', label: t('notify.who.TEACHER') },
              ]}
            />
          </Form.Item>
        )}
        {/* What follows, before anything is saved: families are never charged, the teacher is not paid. */}
        <Alert
          type="info"
          showIcon
          className="schedule-cancel-consequence"
          style={{ marginBottom: 12 }}
          message={t(`notify.consequence.${by}`)}
        />
        <Form.Item label={t('notify.reason')} htmlFor="schedule-cancel-reason" style={{ marginBottom: 8 }}>
          <Input
            id="schedule-cancel-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('notify.reason.placeholder')}
          />
        </Form.Item>
      </Form>
      <NotifyFields value={notify} onChange={setNotify} t={t} />
    </Modal>
  );
  return { ask, dialog };
}
