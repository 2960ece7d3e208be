import { request } from '@umijs/max';
import type { TCreateStaffRequest, TStaff, TUpdateStaffRequest } from '@/contracts/staff';

type Query = Record<string, string | number | boolean>;
export interface ListResult<T> {
  data: T[];
  total: number;
  success: true;
}

/** request() that resolves to the reply body, typed (getResponse: false picks that overload). */
function call<T>(url: string, options: Record<string, unknown> = {}): Promise<T> {
  return request<T>(url, { ...options, getResponse: false });
}

// Writes skip the global error handler: the pages put field errors on fields and show the failure text.
const write = { skipErrorHandler: true } as const;

export const listStaff = (params: Query) => call<ListResult<TStaff>>('/api/staff', { params });
export const createStaff = (data: TCreateStaffRequest) =>
  call<TStaff>('/api/staff', { method: 'POST', data, ...write });
export const updateStaff = (id: number, data: TUpdateStaffRequest) =>
  call<TStaff>(`/api/staff/${id}`, { method: 'PUT', data, ...write });
export const setStaffActivated = (id: number, activated: boolean) =>
  call<TStaff>(`/api/staff/${id}/${activated ? 'activate' : 'deactivate'}`, { method: 'POST', ...write });
