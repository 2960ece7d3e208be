import type {
  TAudience,
  TAudienceCount,
  TEmailBatch,
  TEmailTemplate,
  TEmailTemplateBody,
  TPreview,
  TPreviewBody,
  TSendBody,
} from '@/contracts/email';
import type { TMessage } from '@/contracts/message-history';
import { call, type ListResult, type Query } from '@/services/http';

// Writes skip the global handler: the page shows field errors on fields and rule refusals as worded.
const write = { skipErrorHandler: true } as const;

export const listTemplates = (params: Query) => call<ListResult<TEmailTemplate>>('/api/email/templates', { params });
export const templateOptions = () => call<TEmailTemplate[]>('/api/email/templates/options');
export const createTemplate = (data: TEmailTemplateBody) =>
  call<TEmailTemplate>('/api/email/templates', { method: 'POST', data, ...write });
export const updateTemplate = (id: number, data: TEmailTemplateBody) =>
  call<TEmailTemplate>(`/api/email/templates/${id}`, { method: 'PUT', data, ...write });
export const deleteTemplate = (id: number) => call<void>(`/api/email/templates/${id}`, { method: 'DELETE', ...write });

export const countAudience = (data: TAudience) =>
  call<TAudienceCount>('/api/email/audience/count', { method: 'POST', data, ...write });
export const previewEmail = (data: TPreviewBody) =>
  call<TPreview>('/api/email/preview', { method: 'POST', data, ...write });
export const sendEmail = (data: TSendBody) =>
  call<TEmailBatch>('/api/email/batches', { method: 'POST', data, ...write });

export const listBatches = (params: Query) => call<ListResult<TEmailBatch>>('/api/email/batches', { params });
export const getBatch = (id: number) => call<TEmailBatch>(`/api/email/batches/${id}`, { skipErrorHandler: true });
export const batchMessages = (id: number, params: Query) =>
  call<ListResult<TMessage>>(`/api/email/batches/${id}/messages`, { params });
export const resendFailed = (id: number) =>
  call<{ resent: number }>(`/api/email/batches/${id}/resend-failed`, { method: 'POST', ...write });
