import { request } from '@umijs/max';
import type { TAuditEntity, TAuditEvent } from '@/contracts/audit';
import type { ListResult, Query } from './http';

// Types only from the contract (no zod in the page bundles).
export const listAudit = (params: Query) => request<ListResult<TAuditEvent>>('/api/audit', { method: 'GET', params });
/** One record's history (its form's History tab); the caller shows its own message on failure. */
export const recordHistory = (entity: TAuditEntity, id: number, params: Query) =>
  request<ListResult<TAuditEvent>>(`/api/audit/${entity}/${id}`, { method: 'GET', params, skipErrorHandler: true });
