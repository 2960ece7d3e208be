import { Tag } from 'antd';
import type { TClassFeedback } from '@/contracts/feedback';

type T = (id: string, values?: Record<string, string | number>) => string;
type NotificationStatus = TClassFeedback['schedule']['notificationStatus'];
type MessageStatus = NonNullable<TClassFeedback['students'][number]['message']>['status'];

const NOTIFICATION_COLOURS: Record<NotificationStatus, string> = {
  NOT_REQUIRED: 'default',
  MISSING_FEEDBACK: 'warning',
  PENDING: 'processing',
  SENT: 'success',
  SEND_FAILED: 'error',
};

/** The class's feedback email status (table view, feedback drawer, dashboard). */
export function NotificationTag({ status, t }: { status: NotificationStatus; t: T }) {
  return (
    <Tag color={NOTIFICATION_COLOURS[status]} style={{ marginInlineEnd: 0 }} data-testid="notification-status">
      {t(`scheduleViews.notification.${status}`)}
    </Tag>
  );
}

const MESSAGE_COLOURS: Record<MessageStatus, string> = {
  QUEUED: 'processing',
  SENDING: 'processing',
  SENT: 'success',
  FAILED: 'error',
};

/** One family's feedback email: queued, sending, sent or failed. */
export function MessageTag({ status, t }: { status: MessageStatus; t: T }) {
  return (
    <Tag color={MESSAGE_COLOURS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`feedback.message.${status}`)}
    </Tag>
  );
}
