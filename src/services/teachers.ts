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

/** Thrown by importTeachers with the server's error body (field errors name the rows). */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/**
 * POST /api/teachers/import with the file itself as the body (the request layer would force a JSON
 * content type, so this uses fetch with the bearer token).
 */
export async function importTeachers(file: File, dryRun: boolean): Promise<TImportReply> {
  const { ok, status, body } = await uploadSpreadsheet(`/api/teachers/import?dryRun=${dryRun}`, file);
  if (!ok) {
    const reason = (body as { errorMessage?: string } | undefined)?.errorMessage;
    throw new ImportRefused(reason ?? `Import failed (${status})`, body);
  }
  return body as TImportReply;
}
