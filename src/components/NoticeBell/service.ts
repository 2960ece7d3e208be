import { request } from '@umijs/max';
import type {
  TFeedbackReminderSettings,
  TLessonReminderSettings,
  TNotice,
  TNoticeList,
  TNotificationSettings,
  TNotificationSettingsBody,
} from '@/contracts/notices';

// Types only from the contract (no zod in the page bundles).
export const listNotices = (params: { limit: number }) =>
  request<TNoticeList>('/api/notices', { method: 'GET', params, skipErrorHandler: true });
export const markNoticeRead = (id: number) => request<TNotice>(`/api/notices/${id}/read`, { method: 'POST' });
export const markAllNoticesRead = () => request<{ updated: number }>('/api/notices/read-all', { method: 'POST' });

export const notificationSettings = () =>
  request<TNotificationSettings>('/api/account/notification-settings', { method: 'GET', skipErrorHandler: true });
export const saveNotificationSettings = (data: TNotificationSettingsBody) =>
  request<TNotificationSettings>('/api/account/notification-settings', {
    method: 'PUT',
    data,
    skipErrorHandler: true,
  });
export const feedbackReminderSettings = () =>
  request<TFeedbackReminderSettings>('/api/settings/feedback-reminders', { method: 'GET', skipErrorHandler: true });
export const saveFeedbackReminderSettings = (data: TFeedbackReminderSettings) =>
  request<TFeedbackReminderSettings>('/api/settings/feedback-reminders', {
    method: 'PUT',
    data,
    skipErrorHandler: true,
  });
export const lessonReminderSettings = () =>
  request<TLessonReminderSettings>('/api/settings/lesson-reminders', { method: 'GET', skipErrorHandler: true });
export const saveLessonReminderSettings = (data: TLessonReminderSettings) =>
  request<TLessonReminderSettings>('/api/settings/lesson-reminders', { method: 'PUT', data, skipErrorHandler: true });
