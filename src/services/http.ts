import { getLocale, request } from '@umijs/max';
import { getToken } from '@/utils/session';

export type Query = Record<string, string | number | boolean>;

/** The reply of every list endpoint (ProTable's `request` shape). */
export interface ListResult<T> {
  data: T[];
  total: number;
  /** The server stopped counting at `total` (more than `total - 1` rows): the pager says so. */
  totalCapped?: true;
  success: true;
}

/** request() that resolves to the reply body, typed (getResponse: false picks that overload). */
export function call<T>(url: string, options: Record<string, unknown> = {}): Promise<T> {
  return request<T>(url, { ...options, getResponse: false });
}

/**
 * POSTs a spreadsheet file itself as the body, typed .csv or .xlsx by its name (the request layer
 * would force a JSON content type, so this uses fetch with the bearer token). Resolves with the
 * status and the parsed reply, whatever the status: callers decide what a refusal means.
 */
export async function uploadSpreadsheet(
  url: string,
  file: File,
): Promise<{ ok: boolean; status: number; body: unknown }> {
  const isCsv = file.name.toLowerCase().endsWith('.csv');
  const token = getToken();
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Accept-Language': getLocale(),
      'Content-Type': isCsv ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  const body: unknown = await response.json().catch(() => undefined);
  return { ok: response.ok, status: response.status, body };
}
