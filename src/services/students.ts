import type { TReferral, TReferralBody, TReferrer, TReferrerBody } from '@/contracts/referrals';
import type {
  TDeactivateStudentsReply,
  TImportReply,
  TStudent,
  TStudentBody,
  TStudentListItem,
} from '@/contracts/students';
import { call, type ListResult, type Query, uploadSpreadsheet } from './http';

// Writes skip the global error handler: the forms put field errors on their fields.
export const listStudents = (params: Query) => call<ListResult<TStudentListItem>>('/api/students', { params });
export const getStudent = (id: number) => call<TStudent>(`/api/students/${id}`);
export const createStudent = (data: TStudentBody, headers?: Record<string, string>) =>
  call<TStudent>('/api/students', { method: 'POST', data, headers: headers ?? {}, skipErrorHandler: true });
export const updateStudent = (id: number, data: TStudentBody) =>
  call<TStudent>(`/api/students/${id}`, { method: 'PUT', data, skipErrorHandler: true });
export const activateStudent = (id: number) =>
  call<TStudent>(`/api/students/${id}/activate`, { method: 'POST', skipErrorHandler: true });
export const deactivateStudent = (id: number) =>
  call<TStudent>(`/api/students/${id}/deactivate`, { method: 'POST', skipErrorHandler: true });
export const deactivateStudents = (ids: number[]) =>
  call<TDeactivateStudentsReply>('/api/students/deactivate', {
    method: 'POST',
    data: { ids },
    skipErrorHandler: true,
  });

/**
 * POST /api/students/import with the file itself as the body (the request layer would force a JSON
 * content type, so this uses fetch with the bearer token).
 */
export async function importStudents(file: File, dryRun: boolean): Promise<TImportReply> {
  const { ok, body } = await uploadSpreadsheet(`/api/students/import?dryRun=${dryRun}`, file);
  // No reason from the server: the import dialog says it in the user's language.
  if (!ok) throw new Error((body as { errorMessage?: string } | undefined)?.errorMessage ?? '');
  return body as TImportReply;
}

export const listReferrers = (params: Query) => call<ListResult<TReferrer>>('/api/referrers', { params });
export const createReferrer = (data: TReferrerBody) =>
  call<TReferrer>('/api/referrers', { method: 'POST', data, skipErrorHandler: true });
export const updateReferrer = (id: number, data: TReferrerBody) =>
  call<TReferrer>(`/api/referrers/${id}`, { method: 'PUT', data, skipErrorHandler: true });

export const listReferrals = (params: Query) => call<ListResult<TReferral>>('/api/referrals', { params });
export const createReferral = (data: TReferralBody) =>
  call<TReferral>('/api/referrals', { method: 'POST', data, skipErrorHandler: true });
export const updateReferral = (id: number, data: TReferralBody) =>
  call<TReferral>(`/api/referrals/${id}`, { method: 'PUT', data, skipErrorHandler: true });
export const deleteReferral = (id: number) =>
  call<void>(`/api/referrals/${id}`, { method: 'DELETE', skipErrorHandler: true });

/** A student's term registers (built by the courses feature). */
export interface StudentTermRegister {
  id: number;
  paymentType: string;
  price: string | null;
  paid: boolean;
  createdAt: string;
  term: { id: number; name: string; startDate: string; endDate: string };
  course: { id: number; name: string };
  teacher: { id: number; name: string } | null;
  comments: string | null;
}
export const listStudentTermRegisters = (params: Query) =>
  call<ListResult<StudentTermRegister>>('/api/term-registers', { params, skipErrorHandler: true });

/** The student ID a new student is offered (GET /api/students/next-id); '' when there is none. */
export const nextStudentId = () =>
  call<{ studentId: string }>('/api/students/next-id', { skipErrorHandler: true }).then((r) => r.studentId ?? '');
