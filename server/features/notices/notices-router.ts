import { Router } from 'express';
import { noticeEndpoints as endpoints } from '../../../src/contracts/notices';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import {
  feedbackReminderSettings,
  lessonReminderSettings,
  setFeedbackReminderSettings,
  setLessonReminderSettings,
} from './feedback-reminder-settings';
import { listNotices, markAllNoticesRead, markNoticeRead } from './list-notices';
import { notificationSettings, setNotificationSettings } from './notification-settings';

export function noticesRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.list, ({ auth, query }) => listNotices(prisma, auth, query));
  // The literal path before the parameterised one.
  route(router, endpoints.markAllRead, ({ auth }) => markAllNoticesRead(prisma, auth));
  route(router, endpoints.markRead, ({ auth, params }) => markNoticeRead(prisma, auth, params.id));
  route(router, endpoints.getSettings, ({ auth }) => notificationSettings(prisma, auth));
  route(router, endpoints.putSettings, ({ auth, body }) => setNotificationSettings(prisma, auth, body));
  route(router, endpoints.getFeedbackReminders, ({ auth }) => feedbackReminderSettings(prisma, auth));
  route(router, endpoints.putFeedbackReminders, ({ auth, body }) => setFeedbackReminderSettings(prisma, auth, body));
  route(router, endpoints.getLessonReminders, ({ auth }) => lessonReminderSettings(prisma, auth));
  route(router, endpoints.putLessonReminders, ({ auth, body }) => setLessonReminderSettings(prisma, auth, body));
  return router;
}
