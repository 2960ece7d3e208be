import { request } from '@umijs/max';
import type {
  TDashboard,
  TDashboardCharts,
  TLowBalanceStudent,
  TLowBalanceThresholdBody,
  TUnpaidTermRegister,
} from '@/contracts/dashboard';
import type { TFeedbackIssue } from '@/contracts/feedback';
import type { ListResult, Query } from '@/services/http';

// Types only from the contract: no zod in the page's bundle.
export const dashboardSummary = () => request<TDashboard>('/api/dashboard', { method: 'GET' });
export const dashboardCharts = () => request<TDashboardCharts>('/api/dashboard/charts', { method: 'GET' });
export const lowBalanceStudents = (params: Query) =>
  request<ListResult<TLowBalanceStudent>>('/api/dashboard/low-balance', { method: 'GET', params });
export const unpaidTermRegisters = (params: Query) =>
  request<ListResult<TUnpaidTermRegister>>('/api/dashboard/unpaid-term-registers', { method: 'GET', params });
/** The caller shows a refusal's field message itself. */
export const setLowBalanceThreshold = (data: TLowBalanceThresholdBody) =>
  request<{ lowBalanceThreshold: string }>('/api/organisation/low-balance-threshold', {
    method: 'PUT',
    data,
    skipErrorHandler: true,
  });
/** Classes with missing or failed feedback (MISSING_FEEDBACK, SEND_FAILED), oldest first. */
export const feedbackIssues = (params: Query) =>
  request<ListResult<TFeedbackIssue>>('/api/dashboard/feedback-issues', { method: 'GET', params });
