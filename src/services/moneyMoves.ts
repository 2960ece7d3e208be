import { request } from '@umijs/max';
import type { TMoneyMove } from '@/contracts/money-moves';
import type { TAttendance } from '@/contracts/schedules';

/** What setting this attendance would move on the student's voucher balance; nothing is saved. */
export const previewAttendance = (id: number, studentId: number, attendance: TAttendance) =>
  request<{ moves: TMoneyMove[] }>(`/api/schedules/${id}/students/${studentId}/attendance-preview`, {
    method: 'GET',
    params: { attendance },
  });
