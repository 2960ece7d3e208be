// In-app notices (the bell), each user's notification settings, and the centre's feedback reminders.
import { ZIdParams, ZQueryBoolean } from './common';
import { defineEndpoint } from './endpoint';
import { z } from './z';

export const noticeTypes = [
  'CLASS_AWAITING_CONFIRMATION',
  'FEEDBACK_MISSING',
  'FEEDBACK_FAILED',
  'LOW_BALANCE',
  'IMPORT_FINISHED',
  'BULK_EMAIL_FINISHED',
  'AUTO_TOP_UP_FAILED',
  'ERASURE_REQUESTED',
  'LESSON_CANCELLED',
  'SEAT_CLAIMED',
] as const;
export const ZNoticeType = z.enum(noticeTypes);
export type TNoticeType = z.infer<typeof ZNoticeType>;

export const ZNotice = z.object({
  id: z.number().int(),
  type: ZNoticeType,
  /** What it links to: SCHEDULE, STUDENT, EMAIL_BATCH, IMPORT. */
  entityType: z.string().nullable(),
  entityId: z.number().int().nullable(),
  /** Values for the text, rendered in the reader's language (names, dates, counts). */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;

export const NOTICE_LIMIT_MAX = 100;
export const ZNoticeListQuery = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(NOTICE_LIMIT_MAX, `limit must be at most ${NOTICE_LIMIT_MAX}`)
    .default(20),
  unreadOnly: ZQueryBoolean.optional(),
});
export const ZNoticeList = z.object({
  data: z.array(ZNotice),
  /** Unread notices of the user in all (not only those listed). */
  unread: z.number().int(),
  success: z.literal(true),
});
export type TNoticeList = z.infer<typeof ZNoticeList>;

export const notificationKinds = ['FEEDBACK_REMINDER', 'CLASS_CHANGE', 'LOW_BALANCE'] as const;
export const ZNotificationKind = z.enum(notificationKinds);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

export const ZNotificationSetting = z.object({ kind: ZNotificationKind, email: z.boolean(), sms: z.boolean() });
export type TNotificationSetting = z.infer<typeof ZNotificationSetting>;
export const ZNotificationSettings = z.object({
  /** The user's phone: SMS can only be chosen with one. */
  phone: z.string().nullable(),
  email: z.string(),
  /** One row per kind that applies to the user's role (teachers: reminders and class changes; staff: low balance). */
  settings: z.array(ZNotificationSetting),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;
export const ZNotificationSettingsBody = z.object({
  settings: z
    .array(ZNotificationSetting)
    .max(notificationKinds.length, `settings: at most ${notificationKinds.length} kinds`)
    .refine((rows) => new Set(rows.map((r) => r.kind)).size === rows.length, 'settings: each kind at most once'),
});
export type TNotificationSettingsBody = z.infer<typeof ZNotificationSettingsBody>;

export const SMS_NEEDS_PHONE_MESSAGE = 'SMS needs a phone number on your account';
export const KIND_NOT_FOR_ROLE_MESSAGE = 'This kind of notification does not apply to your account';

export const ZFeedbackReminderSettings = z.object({
  feedbackReminders: z.boolean(),
  feedbackReminderHour: z
    .number('feedbackReminderHour must be a whole hour from 0 to 23')
    .int('feedbackReminderHour must be a whole hour from 0 to 23')
    .min(0, 'feedbackReminderHour must be a whole hour from 0 to 23')
    .max(23, 'feedbackReminderHour must be a whole hour from 0 to 23'),
});
export type TFeedbackReminderSettings = z.infer<typeof ZFeedbackReminderSettings>;

export const LESSON_REMINDER_HOURS_MAX = 168;
const LESSON_REMINDER_RULE = 'lessonReminderHours must be a whole number of hours from 0 (none) to 168';
/** Lesson reminders to families (issue 21): hours before each class, 0 for none. */
export const ZLessonReminderSettings = z.object({
  lessonReminderHours: z
    .number(LESSON_REMINDER_RULE)
    .int(LESSON_REMINDER_RULE)
    .min(0, LESSON_REMINDER_RULE)
    .max(LESSON_REMINDER_HOURS_MAX, LESSON_REMINDER_RULE),
});
export type TLessonReminderSettings = z.infer<typeof ZLessonReminderSettings>;

export const noticeEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/notices',
    right: 'account:own',
    tag: 'notices',
    summary: "The signed-in user's own notices, newest first, with the unread count",
    query: ZNoticeListQuery,
    reply: ZNoticeList,
  }),
  markRead: defineEndpoint({
    method: 'post',
    path: '/notices/:id/read',
    right: 'account:own',
    tag: 'notices',
    summary: 'Mark one of own notices read (another user’s is a 404)',
    params: ZIdParams,
    reply: ZNotice,
  }),
  markAllRead: defineEndpoint({
    method: 'post',
    path: '/notices/read-all',
    right: 'account:own',
    tag: 'notices',
    summary: 'Mark every own notice read',
    reply: z.object({ updated: z.number().int() }),
  }),
  getSettings: defineEndpoint({
    method: 'get',
    path: '/account/notification-settings',
    right: 'account:own',
    tag: 'notices',
    summary: 'Own notification channels (email, SMS) per kind that applies to the role; defaults email on, SMS off',
    reply: ZNotificationSettings,
  }),
  putSettings: defineEndpoint({
    method: 'put',
    path: '/account/notification-settings',
    right: 'account:own',
    tag: 'notices',
    summary: 'Set own notification channels per kind; SMS only with a phone on the account',
    body: ZNotificationSettingsBody,
    reply: ZNotificationSettings,
  }),
  getFeedbackReminders: defineEndpoint({
    method: 'get',
    path: '/settings/feedback-reminders',
    right: 'settings:manage',
    tag: 'notices',
    summary: "The centre's daily feedback reminders to teachers: on or off, and the local hour they go out",
    reply: ZFeedbackReminderSettings,
  }),
  putFeedbackReminders: defineEndpoint({
    method: 'put',
    path: '/settings/feedback-reminders',
    right: 'settings:manage',
    tag: 'notices',
    summary: "Set the centre's daily feedback reminders (admins; audited)",
    body: ZFeedbackReminderSettings,
    reply: ZFeedbackReminderSettings,
  }),
  getLessonReminders: defineEndpoint({
    method: 'get',
    path: '/settings/lesson-reminders',
    right: 'settings:manage',
    tag: 'notices',
    summary: 'How many hours before each class families get a lesson reminder (0: none)',
    reply: ZLessonReminderSettings,
  }),
  putLessonReminders: defineEndpoint({
    method: 'put',
    path: '/settings/lesson-reminders',
    right: 'settings:manage',
    tag: 'notices',
    summary: 'Set when families get lesson reminders (admins; audited)',
    body: ZLessonReminderSettings,
    reply: ZLessonReminderSettings,
  }),
};
