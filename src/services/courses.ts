import { request } from '@umijs/max';
import type { TCourse, TCourseBody, TNamed } from '@/contracts/courses';
import type { TSetPaidBody, TTermRegister, TTermRegisterBody } from '@/contracts/term-registers';
import type { TTerm, TTermBody, TTermOption } from '@/contracts/terms';

import type { ListResult, Query } from './http';

export type ListQuery = Query;

// Writes skip the global handler: the forms put field errors on their fields, the rest is shown by
// the page with the standard failure message.
const write = { skipErrorHandler: true } as const;

export const listCourses = (params: ListQuery) =>
  request<ListResult<TCourse>>('/api/courses', { method: 'GET', params });
export const courseOptions = () => request<TNamed[]>('/api/courses/options', { method: 'GET' });
export const createCourse = (data: TCourseBody) => request<TCourse>('/api/courses', { method: 'POST', data, ...write });
export const updateCourse = (id: number, data: TCourseBody) =>
  request<TCourse>(`/api/courses/${id}`, { method: 'PUT', data, ...write });
export const deleteCourse = (id: number) => request<void>(`/api/courses/${id}`, { method: 'DELETE', ...write });

export const listTerms = (params: ListQuery) => request<ListResult<TTerm>>('/api/terms', { method: 'GET', params });
export const termOptions = (courseId?: number) =>
  request<TTermOption[]>('/api/terms/options', { method: 'GET', params: courseId ? { courseId } : {} });
export const createTerm = (data: TTermBody) => request<TTerm>('/api/terms', { method: 'POST', data, ...write });
export const updateTerm = (id: number, data: TTermBody) =>
  request<TTerm>(`/api/terms/${id}`, { method: 'PUT', data, ...write });
export const deleteTerm = (id: number) => request<void>(`/api/terms/${id}`, { method: 'DELETE', ...write });

export const listTermRegisters = (params: ListQuery) =>
  request<ListResult<TTermRegister>>('/api/term-registers', { method: 'GET', params });
export const createTermRegister = (data: TTermRegisterBody) =>
  request<TTermRegister>('/api/term-registers', { method: 'POST', data, ...write });
export const updateTermRegister = (id: number, data: TTermRegisterBody) =>
  request<TTermRegister>(`/api/term-registers/${id}`, { method: 'PUT', data, ...write });
export const setTermRegisterPaid = (id: number, data: TSetPaidBody) =>
  request<TTermRegister>(`/api/term-registers/${id}/paid`, { method: 'POST', data, ...write });
export const deleteTermRegister = (id: number) =>
  request<void>(`/api/term-registers/${id}`, { method: 'DELETE', ...write });

/** GET /api/teachers/options (the staff feature): [{id, name}]; empty when it cannot be read. */
export const teacherOptions = () =>
  request<TNamed[]>('/api/teachers/options', { method: 'GET', skipErrorHandler: true }).catch(() => []);

interface StudentHit {
  id: number;
  studentId: string;
  firstName: string;
  lastName: string;
}
/** Students matching `q` (the students feature's list), as select options. */
export async function searchStudents(q: string) {
  const reply = await request<ListResult<StudentHit>>('/api/students', {
    method: 'GET',
    params: { q, pageSize: 20 },
    skipErrorHandler: true,
  }).catch(() => ({ data: [] as StudentHit[] }));
  return reply.data.map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName} (${s.studentId})` }));
}
