import type {
  TCourseOption,
  TCreateTeacherRequest,
  TImportReply,
  TTeacher,
  TUpdateTeacherRequest,
} from '@/contracts/teachers';
import { call, type ListResult, type Query, uploadSpreadsheet } from './http';

const write = { skipErrorHandler: true } as const;

export const listTeachers = (params: Query) => call<ListResult<TTeacher>>('/api/teachers', { params });
export const getTeacher = (id: number) => call<TTeacher>(`/api/teachers/${id}`);
export const createTeacher = (data: TCreateTeacherRequest) =>
  call<TTeacher>('/api/teachers', { method: 'POST', data, ...write });
export const updateTeacher = (id: number, data: TUpdateTeacherRequest) =>
  call<TTeacher>(`/api/teachers/${id}`, { method: 'PUT', data, ...write });
export const setTeacherActivated = (id: number, activated: boolean) =>
  call<TTeacher>(`/api/teachers/${id}/${activated ? 'activate' : 'deactivate'}`, { method: 'POST', ...write });
export const deleteTeacher = (id: number) => call<void>(`/api/teachers/${id}`, { method: 'DELETE', ...write });

/** GET /api/courses/options (the courses feature): [{id, name}]; empty when it cannot be read. */
export const courseOptions = () =>
  call<TCourseOption[]>('/api/courses/options', { skipErrorHandler: true }).catch(() => [] as TCourseOption[]);

/**
 * POST /api/teachers/import with the file itself as the body. A refused real run names its rows in
 * field errors ("row 3 SIN"): those come back as the report's row errors, like a dry run's. Any
 * other refusal rejects with the server's reason.
 */
export async function importTeachers(file: File, dryRun: boolean): Promise<TImportReply> {
  const { ok, body } = await uploadSpreadsheet(`/api/teachers/import?dryRun=${dryRun}`, file);
  if (ok) return body as TImportReply;
  const refusal = body as { errorMessage?: string; fieldErrors?: { field: string; message: string }[] } | undefined;
  const errors = (refusal?.fieldErrors ?? []).flatMap(({ field, message }) => {
    const match = /^row (\d+) (.+)$/.exec(field);
    return match ? [{ row: Number(match[1]), field: match[2], message }] : [];
  });
  if (errors.length) return { dryRun, total: 0, valid: 0, imported: 0, errors, message: refusal?.errorMessage ?? '' };
  throw new Error(refusal?.errorMessage ?? '');
}
