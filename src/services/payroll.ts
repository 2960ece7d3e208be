import type { TPayrollAdjustment, TPayrollCloseBody, TPayrollPeriod, TPayrollReview } from '@/contracts/payroll';
import { call, type ListResult } from './http';

// Types only from the contract (no zod in the page bundle).
export type PayrollAdjustments = ListResult<TPayrollAdjustment> & { totals: { hours: string; amount: string } };

export const payrollReview = (month: string) =>
  call<TPayrollReview>('/api/payroll/review', { method: 'GET', params: { month } });
export const payrollPeriods = () => call<ListResult<TPayrollPeriod>>('/api/payroll/periods', { method: 'GET' });
export const payrollAdjustments = (month: string) =>
  call<PayrollAdjustments>('/api/payroll/adjustments', { method: 'GET', params: { month } });
/** 409 when closed already or when blockers are not acknowledged: the global handler shows the reason. */
export const closePayrollMonth = (data: TPayrollCloseBody) =>
  call<TPayrollPeriod>('/api/payroll/close', { method: 'POST', data });
