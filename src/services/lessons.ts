import type {
  TBookMakeUpBody,
  TCancelLessonBody,
  TCancellationPreview,
  TCanceller,
  TLessonOutcome,
  TLessonPolicy,
  TMakeUpCredits,
  TMakeUpOptions,
} from '@/contracts/lessons';
import { call } from './http';

// Lesson policies (issue 22): the centre's policy, cancellations with their consequence shown first,
// make-up credits and bookings; the desk's and the family portal's side. Writes skip the global error
// handler: the dialogs show the refusal where it belongs.
export const lessonPolicy = () => call<TLessonPolicy>('/api/lessons/policy');
export const saveLessonPolicy = (data: TLessonPolicy) =>
  call<TLessonPolicy>('/api/lessons/policy', { method: 'PUT', data, skipErrorHandler: true });

const cancellation = (scheduleId: number, studentId: number) =>
  `/api/schedules/${scheduleId}/students/${studentId}/cancellation`;
export const previewCancel = (scheduleId: number, studentId: number, by: TCanceller) =>
  call<TCancellationPreview>(cancellation(scheduleId, studentId), { params: { by }, skipErrorHandler: true });
export const cancelLesson = (scheduleId: number, studentId: number, data: TCancelLessonBody) =>
  call<TLessonOutcome>(cancellation(scheduleId, studentId), { method: 'POST', data, skipErrorHandler: true });
export const undoCancel = (scheduleId: number, studentId: number) =>
  call<TLessonOutcome>(cancellation(scheduleId, studentId), { method: 'DELETE', skipErrorHandler: true });

export const makeUpCredits = (studentId: number) => call<TMakeUpCredits>(`/api/students/${studentId}/make-up-credits`);
export const makeUpOptions = (studentId: number, creditId: number) =>
  call<TMakeUpOptions>(`/api/students/${studentId}/make-up-options`, { params: { creditId }, skipErrorHandler: true });
export const bookMakeUp = (studentId: number, data: TBookMakeUpBody) =>
  call(`/api/students/${studentId}/make-ups`, { method: 'POST', data, skipErrorHandler: true });

const portalCancellation = (scheduleId: number, childId: number) =>
  `/api/portal/lessons/${scheduleId}/students/${childId}/cancellation`;
export const portalPreviewCancel = (scheduleId: number, childId: number) =>
  call<TCancellationPreview>(portalCancellation(scheduleId, childId), { skipErrorHandler: true });
export const portalCancel = (scheduleId: number, childId: number, data: Omit<TCancelLessonBody, 'by'>) =>
  call<TLessonOutcome>(portalCancellation(scheduleId, childId), { method: 'POST', data, skipErrorHandler: true });
export const portalCredits = (childId: number) =>
  call<TMakeUpCredits>(`/api/portal/children/${childId}/make-up-credits`);
export const portalMakeUpOptions = (childId: number, creditId: number) =>
  call<TMakeUpOptions>(`/api/portal/children/${childId}/make-up-options`, {
    params: { creditId },
    skipErrorHandler: true,
  });
export const portalBookMakeUp = (childId: number, data: { creditId: number; scheduleId: number }) =>
  call(`/api/portal/children/${childId}/make-ups`, { method: 'POST', data, skipErrorHandler: true });
