import { request } from '@umijs/max';
import type { TClosure, TClosureBody, TClosureClass } from '@/contracts/closures';
import type { ListResult, Query } from './http';

type Saved = { closure: TClosure; classes: TClosureClass[] };
const write = { skipErrorHandler: true } as const;

export const listClosures = (params: Query) =>
  request<ListResult<TClosure>>('/api/closures', { method: 'GET', params });
export const createClosure = (data: TClosureBody) =>
  request<Saved>('/api/closures', { method: 'POST', data, ...write });
export const updateClosure = (id: number, data: TClosureBody) =>
  request<Saved>(`/api/closures/${id}`, { method: 'PUT', data, ...write });
export const deleteClosure = (id: number) => request<void>(`/api/closures/${id}`, { method: 'DELETE', ...write });
export const closureClasses = (id: number) =>
  request<TClosureClass[]>(`/api/closures/${id}/classes`, { method: 'GET' });
