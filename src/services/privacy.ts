import { getLocale } from '@umijs/max';
import type { TErasureRequest, TErasureRequestBody, TPortalPrivacy } from '@/contracts/privacy';
import { DownloadError } from '@/utils/download';
import { getToken } from '@/utils/session';
import { call, type ListResult, type Query } from './http';

// A family's data (issue 21): the portal's export and erasure request; the admins' erasure list.
export const portalPrivacy = () => call<TPortalPrivacy>('/api/portal/privacy');
export const requestErasure = (data: TErasureRequestBody) =>
  call<TPortalPrivacy>('/api/portal/erasure-request', { method: 'POST', data, skipErrorHandler: true });
export const cancelErasure = () =>
  call<TPortalPrivacy>('/api/portal/erasure-request', { method: 'DELETE', skipErrorHandler: true });
export const listErasureRequests = (params: Query) =>
  call<ListResult<TErasureRequest>>('/api/erasure-requests', { params });
export const completeErasure = (id: number) =>
  call<TErasureRequest>(`/api/erasure-requests/${id}/complete`, { method: 'POST', skipErrorHandler: true });

/**
 * Downloads the household's zip, telling `onProgress` how many bytes arrived (the server streams it,
 * so the size is not known ahead), and saves it under the server's file name.
 */
export async function downloadHouseholdExport(onProgress: (bytes: number) => void): Promise<string> {
  const token = getToken();
  const response = await fetch('/api/portal/export', {
    headers: { 'Accept-Language': getLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new DownloadError(response.status, body);
  }
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(received);
    }
  } else {
    chunks.push(await response.blob());
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'levelup-household.zip';
  const href = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
  return name;
}
