import { ZDate, ZId } from './common';
import { blankAsAbsent, ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

/** The kinds of record the audit follows (the database's AuditEntity). */
export const auditEntities = [
  'STUDENT',
  'TEACHER',
  'USER',
  'COURSE',
  'TERM_REGISTER',
  'SCHEDULE',
  'VOUCHER_PURCHASE',
  'ORGANISATION',
  'PAYROLL_PERIOD',
  'CLOSURE',
  'HOUSEHOLD',
] as const;
export const ZAuditEntity = z.enum(auditEntities);
export type TAuditEntity = z.infer<typeof ZAuditEntity>;

export const auditActions = ['CREATE', 'UPDATE', 'DELETE', 'CONFIRM', 'REOPEN', 'CANCEL', 'CLOSE'] as const;
export const ZAuditAction = z.enum(auditActions);
export type TAuditAction = z.infer<typeof ZAuditAction>;

/** A field's value as the audit keeps it: money and dates as strings, lists as arrays. */
export type TAuditValue = string | number | boolean | null | TAuditValue[] | { [key: string]: TAuditValue };
const ZAuditValues = z.record(z.string(), z.unknown()).nullable();

export const ZAuditEvent = z.object({
  id: z.number().int(),
  /** When the change committed (ISO instant). */
  at: z.string(),
  /** Who made it; null when the user is gone. */
  actor: ZNamed.nullable(),
  entityType: ZAuditEntity,
  entityId: z.number().int(),
  /** The record's name as it reads now (null when it no longer exists). */
  label: z.string().nullable(),
  action: ZAuditAction,
  /** The changed fields' values before (null for a creation). */
  before: ZAuditValues,
  /** The changed fields' values after (null for a deletion). */
  after: ZAuditValues,
});
export type TAuditEvent = Omit<z.infer<typeof ZAuditEvent>, 'before' | 'after'> & {
  before: Record<string, TAuditValue> | null;
  after: Record<string, TAuditValue> | null;
};

export const ZAuditFilters = z.object({
  entityType: blankAsAbsent(ZAuditEntity),
  entityId: blankAsAbsent(ZId),
  /** The user who made the change. */
  actorId: blankAsAbsent(ZId),
  action: blankAsAbsent(ZAuditAction),
  /** Days of the centre's time zone, [from, to], either end open. */
  from: blankAsAbsent(ZDate),
  to: blankAsAbsent(ZDate),
});
/** Always newest first (the (centre, at, id) index order): no sort column to choose. */
export const ZAuditListQuery = ZListQuery.omit({ sortField: true, sortOrder: true }).extend(ZAuditFilters.shape);
export type TAuditListQuery = z.output<typeof ZAuditListQuery>;

export const ZAuditHistoryParams = z.object({ entity: ZAuditEntity, id: ZId });
export const ZAuditHistoryQuery = ZListQuery.omit({ sortField: true, sortOrder: true });

/** The audit filter picks a record by name (issue 19), not by its internal id. */
export const ZAuditRecordsQuery = z.object({
  entityType: ZAuditEntity,
  q: z.string().trim().max(100).optional(),
});
export const ZAuditRecord = z.object({ id: z.number().int(), label: z.string() });

export const auditEndpoints = {
  records: defineEndpoint({
    method: 'get',
    path: '/audit/records',
    right: 'audit:view',
    tag: 'audit',
    summary: 'Records of one kind whose name holds every word of q (at most 20), as the audit names them',
    query: ZAuditRecordsQuery,
    reply: z.array(ZAuditRecord),
  }),
  list: defineEndpoint({
    method: 'get',
    path: '/audit',
    right: 'audit:view',
    tag: 'audit',
    summary: "The centre's audit history, newest first: filters by record kind, record, user, action and days",
    query: ZAuditListQuery,
    reply: listReply(ZAuditEvent),
  }),
  /**
   * One record's history (the History tab of its form). The route guard asks for a right every staff
   * member holds; the handler then asks for the right that edits that kind of record.
   */
  history: defineEndpoint({
    method: 'get',
    path: '/audit/:entity/:id',
    right: 'records:manage',
    tag: 'audit',
    summary: "One record's changes, newest first (needs the right that edits that kind of record)",
    params: ZAuditHistoryParams,
    query: ZAuditHistoryQuery,
    reply: listReply(ZAuditEvent),
  }),
};
