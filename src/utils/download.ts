import { getLocale } from '@umijs/max';
import { getToken } from './session';

/** A download the server refused or failed: its status and its reply body (parsed JSON, if any). */
export class DownloadError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`Download failed (${status})`);
    this.status = status;
    this.body = body;
  }
}

/**
 * Downloads a file from the API with the bearer token (a plain link would not carry it) and saves
 * it under the name the server gives in Content-Disposition, or `fallbackName`.
 */
export async function downloadFile(
  url: string,
  query: Record<string, string | number | boolean>,
  fallbackName: string,
) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const token = getToken();
  // Accept-Language: a refusal comes back in the UI's language.
  const headers = { 'Accept-Language': getLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(`${url}?${search}`, { headers });
  if (!response.ok) {
    // The refusal's reply (our error body) lets a caller show the rule, e.g. "Pick a Monday and try again".
    const body: unknown = await response.json().catch(() => undefined);
    throw new DownloadError(response.status, body);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
