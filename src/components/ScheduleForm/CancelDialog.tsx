import { useIntl } from '@umijs/max';
import { Modal, Typography } from 'antd';
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
}

/**
 * The cancel confirmation with "Notify the teacher / the families" (both ticked), as a promise: the
 * choice, or undefined when the user keeps the classes. Render `dialog` once.
 */
export function useCancelDialog(): {
  ask: (question: Question) => Promise<TNotifyChoice | undefined>;
  dialog: ReactNode;
} {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [question, setQuestion] = useState<Question>();
  const [notify, setNotify] = useState<TNotifyChoice>(NOTIFY_EVERYONE);
  const resolve = useRef<(choice: TNotifyChoice | undefined) => void>();

  const ask = (next: Question) =>
    new Promise<TNotifyChoice | undefined>((done) => {
      resolve.current = done;
      setNotify(NOTIFY_EVERYONE);
      setQuestion(next);
    });
  const answer = (choice: TNotifyChoice | undefined) => {
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
      onOk={() => answer(notify)}
      onCancel={() => answer(undefined)}
      wrapClassName="schedule-cancel"
      destroyOnClose
      width={460}
    >
      {question?.detail && <Typography.Paragraph>{question.detail}</Typography.Paragraph>}
      <NotifyFields value={notify} onChange={setNotify} t={t} />
    </Modal>
  );
  return { ask, dialog };
}
