import { request } from '@umijs/max';
import type { TClassFeedback, TFeedbackBody, TFeedbackIssue, TFeedbackPreview } from '@/contracts/feedback';
import type { TSchedule } from '@/contracts/schedules';
import type { ListResult, Query } from '@/services/http';
import { downloadFile } from '@/utils/download';

// Types only from the contract (no zod in the page bundles). Writes show their own refusals.
export type FeedbackAccess = 'operator' | 'teacher';
const write = { skipErrorHandler: true } as const;
const base = (access: FeedbackAccess, id: number) =>
  access === 'operator' ? `/api/schedules/${id}/feedback` : `/api/my-schedules/${id}/feedback`;

export const getFeedback = (access: FeedbackAccess, id: number) =>
  request<TClassFeedback>(base(access, id), { method: 'GET' });
export const saveFeedback = (access: FeedbackAccess, id: number, data: TFeedbackBody) =>
  request<TClassFeedback>(base(access, id), { method: 'PUT', data, ...write });
export const previewFeedback = (access: FeedbackAccess, id: number, data: TFeedbackBody) =>
  request<TFeedbackPreview>(`${base(access, id)}/preview`, { method: 'POST', data, ...write });
export const submitFeedback = (access: FeedbackAccess, id: number, data: TFeedbackBody) =>
  request<TClassFeedback>(`${base(access, id)}/submit`, { method: 'POST', data, ...write });
export const retryFeedback = (id: number) =>
  request<TClassFeedback>(`/api/schedules/${id}/feedback/retry`, { method: 'POST', ...write });
export const downloadFeedbackPdf = (access: FeedbackAccess, id: number) =>
  downloadFile(`${base(access, id)}/pdf`, {}, `feedback-${id}.pdf`);
export const feedbackDue = () => request<TSchedule[]>('/api/my-schedules/feedback-due', { method: 'GET' });
export const feedbackIssues = (params: Query) =>
  request<ListResult<TFeedbackIssue>>('/api/dashboard/feedback-issues', { method: 'GET', params });
