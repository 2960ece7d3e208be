import { request } from '@umijs/max';
import type { TLessonReport, TSubstituteClassBody, TSubstituteRangeBody, TSubstituteReply } from '@/contracts/cover';

// Writes skip the global error handler: the dialog shows a 409's clashes and field errors itself.
const write = { skipErrorHandler: true } as const;

export const substituteClass = (id: number, data: TSubstituteClassBody) =>
  request<TSubstituteReply>(`/api/schedules/${id}/substitute`, { method: 'POST', data, ...write });
export const substituteRange = (data: TSubstituteRangeBody) =>
  request<TSubstituteReply>('/api/substitutes', { method: 'POST', data, ...write });

export const lessonReport = (params: { from: string; to: string; locationId?: number }) =>
  request<TLessonReport>('/api/reports/lesson-events', { method: 'GET', params });
