// Class and student feedback (issue 9): a class's feedback (teaching content, student performance,
// assignment) and one text per student; a draft until submitted, then locked, with one email per
// opted-in student queued. Operators use /schedules/:id/feedback (any class of the centre), teachers
// /my-schedules/:id/feedback (their own classes only).

import { MAX_ID, ZIdParams } from './common';
import { ZNamed } from './courses';
import { ZDashboardQuery } from './dashboard';
import { defineEndpoint } from './endpoint';
import {
  FEEDBACK_LOCKED_MESSAGE,
  FEEDBACK_NOT_COMPLETED_MESSAGE,
  FEEDBACK_RETRY_MESSAGE,
  FEEDBACK_TEACHING_REQUIRED_MESSAGE,
  FEEDBACK_TEXT_MAX,
} from './feedback-limits';
import { listReply, ZListQuery } from './list';
import { ZMessageStatus } from './message-history';
import { attendances, notificationStatuses, scheduleStatuses, ZSchedule } from './schedules';
import { z } from './z';

export {
  FEEDBACK_LOCKED_MESSAGE,
  FEEDBACK_NOT_COMPLETED_MESSAGE,
  FEEDBACK_RETRY_MESSAGE,
  FEEDBACK_TEACHING_REQUIRED_MESSAGE,
  FEEDBACK_TEXT_MAX,
};

const text = z.string().trim().max(FEEDBACK_TEXT_MAX, `At most ${FEEDBACK_TEXT_MAX} characters`).default('');

export const ZFeedbackBody = z.object({
  teachingContent: text,
  studentPerformance: text,
  assignment: text,
  /** One entry per student of the class at most; students left out keep no text. */
  students: z
    .array(z.object({ studentId: z.number().int().min(1).max(MAX_ID), content: text }))
    .max(200, 'At most 200 students')
    .default([]),
});
export type TFeedbackBody = z.input<typeof ZFeedbackBody>;

export const ZFeedbackMessage = z.object({
  id: z.number().int(),
  status: ZMessageStatus,
  attempts: z.number().int(),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});

export const ZFeedbackStudent = z.object({
  /** Student record id. */
  id: z.number().int(),
  studentId: z.string(),
  name: z.string(),
  attendance: z.enum(attendances).nullable(),
  content: z.string(),
  /** Whether a feedback email goes to this student's family (notification on, email allowed, an address). */
  optedIn: z.boolean(),
  /** The address it goes to (operators only; null for teachers and when not opted in). */
  recipient: z.string().nullable(),
  /** The feedback email of this student, once queued. */
  message: ZFeedbackMessage.nullable(),
});

export const ZClassFeedback = z.object({
  schedule: z.object({
    id: z.number().int(),
    status: z.enum(scheduleStatuses),
    startAt: z.string(),
    endAt: z.string(),
    course: ZNamed,
    teacher: ZNamed,
    notificationStatus: z.enum(notificationStatuses),
  }),
  teachingContent: z.string(),
  studentPerformance: z.string(),
  assignment: z.string(),
  /** Set once submitted: the feedback is locked from then on. */
  submittedAt: z.string().nullable(),
  submittedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  students: z.array(ZFeedbackStudent),
});
export type TClassFeedback = z.infer<typeof ZClassFeedback>;

/** One family's email exactly as it is sent. */
export const ZFeedbackEmail = z.object({
  studentId: z.number().int(),
  name: z.string(),
  /** Whether this family gets it (opted in, email allowed, an address). */
  optedIn: z.boolean(),
  /** The address (operators only). */
  recipient: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type TFeedbackEmail = z.infer<typeof ZFeedbackEmail>;
export const ZFeedbackPreview = z.object({ emails: z.array(ZFeedbackEmail) });
export type TFeedbackPreview = z.infer<typeof ZFeedbackPreview>;

/** A class with missing or failed feedback (dashboard card). */
export const ZFeedbackIssue = z.object({
  id: z.number().int(),
  startAt: z.string(),
  course: ZNamed,
  teacher: ZNamed,
  notificationStatus: z.enum(['MISSING_FEEDBACK', 'SEND_FAILED']),
});
export type TFeedbackIssue = z.infer<typeof ZFeedbackIssue>;

const operator = { right: 'schedules:manage', tag: 'feedback' } as const;
const own = { right: 'schedules:confirmOwn', tag: 'feedback' } as const;

// The same operations for operators (any class of the centre) and teachers (their own classes).
export const operatorFeedbackEndpoints = {
  get: defineEndpoint({
    ...operator,
    method: 'get',
    path: '/schedules/:id/feedback',
    summary: "A class's feedback, its students with their feedback, opt-in and email status",
    params: ZIdParams,
    reply: ZClassFeedback,
  }),
  save: defineEndpoint({
    ...operator,
    method: 'put',
    path: '/schedules/:id/feedback',
    summary: `Save the feedback as a draft (409 once submitted: "${FEEDBACK_LOCKED_MESSAGE}")`,
    params: ZIdParams,
    body: ZFeedbackBody,
    reply: ZClassFeedback,
  }),
  preview: defineEndpoint({
    ...operator,
    method: 'post',
    path: '/schedules/:id/feedback/preview',
    summary: 'The email each family would receive for this feedback (not saved, nothing sent)',
    params: ZIdParams,
    body: ZFeedbackBody,
    reply: ZFeedbackPreview,
  }),
  submit: defineEndpoint({
    ...operator,
    method: 'post',
    path: '/schedules/:id/feedback/submit',
    summary: 'Save and submit (a COMPLETED class only): locks the feedback and queues one email per opted-in student',
    params: ZIdParams,
    body: ZFeedbackBody,
    reply: ZClassFeedback,
  }),
  pdf: defineEndpoint({
    ...operator,
    method: 'get',
    path: '/schedules/:id/feedback/pdf',
    summary: "The class's feedback as a PDF",
    params: ZIdParams,
  }),
  retry: defineEndpoint({
    ...operator,
    method: 'post',
    path: '/schedules/:id/feedback/retry',
    summary: `Queue the class's FAILED feedback emails again (SEND_FAILED only: "${FEEDBACK_RETRY_MESSAGE}")`,
    params: ZIdParams,
    reply: ZClassFeedback,
  }),
  issues: defineEndpoint({
    right: 'dashboard:view',
    tag: 'dashboard',
    method: 'get',
    path: '/dashboard/feedback-issues',
    summary: 'Classes with missing (MISSING_FEEDBACK) or failed (SEND_FAILED) feedback, oldest first, paged',
    // locationId (issue 23): one location's classes only, like every dashboard card.
    query: ZListQuery.omit({ sortField: true, sortOrder: true }).extend(ZDashboardQuery.shape),
    reply: listReply(ZFeedbackIssue),
  }),
};

export const teacherFeedbackEndpoints = {
  get: defineEndpoint({
    ...own,
    method: 'get',
    path: '/my-schedules/:id/feedback',
    summary: "A class's feedback, its students with their feedback, opt-in and email status",
    params: ZIdParams,
    reply: ZClassFeedback,
  }),
  save: defineEndpoint({
    ...own,
    method: 'put',
    path: '/my-schedules/:id/feedback',
    summary: `Save the feedback as a draft (409 once submitted: "${FEEDBACK_LOCKED_MESSAGE}")`,
    params: ZIdParams,
    body: ZFeedbackBody,
    reply: ZClassFeedback,
  }),
  preview: defineEndpoint({
    ...own,
    method: 'post',
    path: '/my-schedules/:id/feedback/preview',
    summary: 'The email each family would receive for this feedback (not saved, nothing sent)',
    params: ZIdParams,
    body: ZFeedbackBody,
    reply: ZFeedbackPreview,
  }),
  submit: defineEndpoint({
    ...own,
    method: 'post',
    path: '/my-schedules/:id/feedback/submit',
    summary: 'Save and submit (a COMPLETED class only): locks the feedback and queues one email per opted-in student',
    params: ZIdParams,
    body: ZFeedbackBody,
    reply: ZClassFeedback,
  }),
  pdf: defineEndpoint({
    ...own,
    method: 'get',
    path: '/my-schedules/:id/feedback/pdf',
    summary: "The class's feedback as a PDF",
    params: ZIdParams,
  }),
  due: defineEndpoint({
    ...own,
    method: 'get',
    path: '/my-schedules/feedback-due',
    summary: "The signed-in teacher's completed classes of the last 60 days without submitted feedback",
    reply: z.array(ZSchedule),
  }),
};
