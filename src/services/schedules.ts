import { request } from '@umijs/max';
import type { TCancelBody, TTold } from '@/contracts/class-notices';
import type { TMoneyMove } from '@/contracts/money-moves';
import type {
  TAttendance,
  TAvailability,
  TAvailabilityBody,
  TConfirmBody,
  TMyClasses,
  TSchedule,
  TScheduleCreateBody,
  TScheduleMoveBody,
  TScheduleRangeReply,
  TScheduleUpdateBody,
  TScheduleWriteReply,
} from '@/contracts/schedules';
import { idempotencyHeaders } from '@/utils/idempotency';
import type { ListResult, Query } from './http';

// Types only from the contract (no zod in the page bundles). Writes skip the global error handler:
// the forms show field errors on their fields and the conflict dialog shows a 409's `conflicts`.
const write = { skipErrorHandler: true } as const;

export const listSchedules = (params: Query) =>
  request<ListResult<TSchedule>>('/api/schedules', { method: 'GET', params });
export const scheduleRange = (params: Query) =>
  request<TScheduleRangeReply>('/api/schedules/range', { method: 'GET', params });
export const getSchedule = (id: number) => request<TSchedule>(`/api/schedules/${id}`, { method: 'GET' });
/** `idempotencyKey`: the class form's, sent with each of its tries (src/utils/idempotency.ts). */
export const createSchedule = (data: TScheduleCreateBody, idempotencyKey?: string) =>
  request<TScheduleWriteReply>('/api/schedules', {
    method: 'POST',
    data,
    headers: idempotencyHeaders(idempotencyKey),
    ...write,
  });
export const updateSchedule = (id: number, data: TScheduleUpdateBody) =>
  request<TScheduleWriteReply>(`/api/schedules/${id}`, { method: 'PUT', data, ...write });
export const moveSchedule = (id: number, data: TScheduleMoveBody) =>
  request<TScheduleWriteReply>(`/api/schedules/${id}/time`, { method: 'PATCH', data, ...write });
/**
 * Cancels a class, telling whom `notify` says (without it: the teacher only), recorded as the centre's
 * or the teacher's cancellation (`cancelledBy`, the centre's by default) with an optional reason.
 */
export const cancelSchedule = (id: number, choice: TCancelBody = {}) =>
  request<TSchedule & { told: TTold }>(`/api/schedules/${id}/cancel`, { method: 'POST', data: choice, ...write });
export const cancelSchedules = (ids: number[], choice: TCancelBody = {}) =>
  request<{ cancelled: number[]; notCancelled: { id: number; reason: string }[]; told: TTold }>(
    '/api/schedules/batch-cancel',
    { method: 'POST', data: { ids, ...choice }, ...write },
  );
export const confirmSchedule = (id: number, data: TConfirmBody) =>
  request<TSchedule>(`/api/schedules/${id}/confirm`, { method: 'POST', data, ...write });
export const reopenSchedule = (id: number) =>
  request<TSchedule>(`/api/schedules/${id}/reopen`, { method: 'POST', ...write });
export const setAttendance = (id: number, studentId: number, attendance: TAttendance | null) =>
  request<TSchedule & { moneyMoves: TMoneyMove[] }>(`/api/schedules/${id}/students/${studentId}/attendance`, {
    method: 'PUT',
    data: { attendance },
    ...write,
  });

// The signed-in teacher.
export const myClasses = () => request<TMyClasses>('/api/my-schedules', { method: 'GET' });
export const confirmMyClass = (id: number, data: TConfirmBody) =>
  request<TSchedule>(`/api/my-schedules/${id}/confirm`, { method: 'POST', data, ...write });
export const myCalendarFeed = () => request<{ feedPath: string | null }>('/api/my-calendar-feed', { method: 'GET' });
export const newMyCalendarFeed = () =>
  request<{ feedPath: string | null }>('/api/my-calendar-feed', { method: 'POST', ...write });
export const revokeMyCalendarFeed = () =>
  request<{ feedPath: string | null }>('/api/my-calendar-feed', { method: 'DELETE', ...write });

// Teacher availability (operators).
export const getAvailability = (teacherId: number) =>
  request<TAvailability>(`/api/teachers/${teacherId}/availability`, { method: 'GET' });
export const saveAvailability = (teacherId: number, data: TAvailabilityBody) =>
  request<TAvailability>(`/api/teachers/${teacherId}/availability`, { method: 'PUT', data, ...write });
export const saveCalendarEmbed = (teacherId: number, calendarEmbedUrl: string | null) =>
  request<TAvailability>(`/api/teachers/${teacherId}/calendar-embed`, {
    method: 'PUT',
    data: { calendarEmbedUrl },
    ...write,
  });
export const newCalendarFeed = (teacherId: number) =>
  request<{ feedPath: string | null }>(`/api/teachers/${teacherId}/calendar-feed`, { method: 'POST', ...write });
export const revokeCalendarFeed = (teacherId: number) =>
  request<{ feedPath: string | null }>(`/api/teachers/${teacherId}/calendar-feed`, { method: 'DELETE', ...write });
