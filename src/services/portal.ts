import type { TPortalFeedback, TPortalHome, TPortalLedgerReply, TPortalLesson } from '@/contracts/portal';
import type { TPortalSettings, TPortalSettingsBody } from '@/contracts/portal-settings';
import type { TAutoTopUp, TAutoTopUpBody, TFamilyPayments, TTopUp, TTopUpBody } from '@/contracts/topups';
import { downloadFile } from '@/utils/download';
import { call, type ListResult, type Query } from './http';

// The family portal (issue 21): a guardian's own household, read only.
export const portalHome = () => call<TPortalHome>('/api/portal/home');
export const childLessons = (id: number, params: Query) =>
  call<ListResult<TPortalLesson>>(`/api/portal/children/${id}/lessons`, { params });
export const childLedger = (id: number, params: Query) =>
  call<TPortalLedgerReply>(`/api/portal/children/${id}/ledger`, { params });
export const portalFeedback = (params: Query) => call<ListResult<TPortalFeedback>>('/api/portal/feedback', { params });
export const downloadFeedbackPdf = (scheduleId: number) =>
  downloadFile(`/api/portal/feedback/${scheduleId}/pdf`, {}, `feedback-${scheduleId}.pdf`);
export const downloadReceipt = (purchaseId: number) =>
  downloadFile(`/api/portal/receipts/${purchaseId}`, {}, `receipt-${purchaseId}.pdf`);
export const portalSettings = () => call<TPortalSettings>('/api/portal/settings');
export const savePortalSettings = (data: TPortalSettingsBody) =>
  call<TPortalSettings>('/api/portal/settings', { method: 'PUT', data, skipErrorHandler: true });
export const familyFeed = () => call<{ feedPath: string | null }>('/api/portal/calendar-feed');
export const makeFamilyFeed = () =>
  call<{ feedPath: string | null }>('/api/portal/calendar-feed', { method: 'POST', skipErrorHandler: true });
export const revokeFamilyFeed = () =>
  call<{ feedPath: string | null }>('/api/portal/calendar-feed', { method: 'DELETE', skipErrorHandler: true });

// Family card payments (issue 21): top-ups on Stripe Checkout and auto top-up.
export const familyPayments = () => call<TFamilyPayments>('/api/portal/payments');
export const startTopUp = (data: TTopUpBody) =>
  call<{ url: string; topUpId: number }>('/api/portal/top-ups', { method: 'POST', data, skipErrorHandler: true });
export const confirmTopUp = (sessionId: string) =>
  call<TTopUp>('/api/portal/top-ups/confirm', { params: { session_id: sessionId }, skipErrorHandler: true });
export const saveAutoTopUp = (data: TAutoTopUpBody) =>
  call<TAutoTopUp>('/api/portal/auto-top-up', { method: 'PUT', data, skipErrorHandler: true });
export const startCardSetup = () =>
  call<{ url: string }>('/api/portal/auto-top-up/card', { method: 'POST', skipErrorHandler: true });
export const confirmCardSetup = (sessionId: string) =>
  call<TAutoTopUp>('/api/portal/auto-top-up/card/confirm', {
    method: 'POST',
    data: { session_id: sessionId },
    skipErrorHandler: true,
  });
export const removeSavedCard = () =>
  call<TAutoTopUp>('/api/portal/auto-top-up/card', { method: 'DELETE', skipErrorHandler: true });
