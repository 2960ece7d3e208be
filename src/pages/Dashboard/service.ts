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
// locationId (issue 23): one location's figures; left out, every location the caller may see.
const at = (locationId?: number) => (locationId ? { locationId } : {});
export const dashboardSummary = (locationId?: number) =>
  request<TDashboard>('/api/dashboard', { method: 'GET', params: at(locationId) });
export const dashboardCharts = (locationId?: number) =>
  request<TDashboardCharts>('/api/dashboard/charts', { method: 'GET', params: at(locationId) });
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
