import type {
  TLocationReport,
  TPurchaseHistoryTotals,
  TRoomOccupancy,
  TSalaryLine,
  TSalaryTotals,
} from '@/contracts/reports';
import type { TVoucherPurchase } from '@/contracts/vouchers';
import { call, type ListResult, type Query } from '@/services/http';

// Types only from the contract: no zod in the page bundle.
export type PurchaseHistory = ListResult<TVoucherPurchase> & { totals: TPurchaseHistoryTotals };
export type TeacherSalary = ListResult<TSalaryLine> & {
  totals: TSalaryTotals;
  teachers: (TSalaryTotals & { teacher: { id: number; name: string } })[];
};

export const PURCHASE_HISTORY_DOWNLOAD = '/api/reports/purchase-history/download';
export const TEACHER_SALARY_DOWNLOAD = '/api/reports/teacher-salary/download';

export const purchaseHistory = (params: Query) =>
  call<PurchaseHistory>('/api/reports/purchase-history', { method: 'GET', params });
export const teacherSalary = (params: Query) =>
  call<TeacherSalary>('/api/reports/teacher-salary', { method: 'GET', params });

// Issue 23: the report by location and room occupancy.
export const LOCATION_REPORT_DOWNLOAD = '/api/reports/locations/download';
export const locationReport = (params: { from: string; to: string }) =>
  call<TLocationReport>('/api/reports/locations', { method: 'GET', params });
export const roomOccupancy = (params: { from: string; to: string; openHoursPerWeek: number; locationId?: number }) =>
  call<TRoomOccupancy>('/api/reports/room-occupancy', { method: 'GET', params });
