import { request } from '@umijs/max';
import type {
  TCourseOption,
  TCreateTeacherRequest,
  TImportReply,
  TTeacher,
  TUpdateTeacherRequest,
} from '@/contracts/teachers';
import { getToken } from '@/utils/session';
import type { ListResult } from './staff';

type Query = Record<string, string | number | boolean>;

function call<T>(url: string, options: Record<string, unknown> = {}): Promise<T> {
  return request<T>(url, { ...options, getResponse: false });
}
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
  const isCsv = file.name.toLowerCase().endsWith('.csv');
  const token = getToken();
  const response = await fetch(`/api/teachers/import?dryRun=${dryRun}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': isCsv ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const reason = (body as { errorMessage?: string } | undefined)?.errorMessage;
    throw new ImportRefused(reason ?? `Import failed (${response.status})`, body);
  }
  return body as TImportReply;
}
