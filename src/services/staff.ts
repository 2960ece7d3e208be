import type { TCreateStaffRequest, TStaff, TUpdateStaffRequest } from '@/contracts/staff';
import { call, type ListResult, type Query } from './http';

// Writes skip the global error handler: the pages put field errors on fields and show the failure text.
const write = { skipErrorHandler: true } as const;

export const listStaff = (params: Query) => call<ListResult<TStaff>>('/api/staff', { params });
export const createStaff = (data: TCreateStaffRequest) =>
  call<TStaff>('/api/staff', { method: 'POST', data, ...write });
export const updateStaff = (id: number, data: TUpdateStaffRequest) =>
  call<TStaff>(`/api/staff/${id}`, { method: 'PUT', data, ...write });
export const setStaffActivated = (id: number, activated: boolean) =>
  call<TStaff>(`/api/staff/${id}/${activated ? 'activate' : 'deactivate'}`, { method: 'POST', ...write });
