import type { AuditAction, AuditEntity, Prisma, PrismaClient } from '../generated/prisma/client';
import type { AuthContext } from '../http/context';
import { organisationOf } from '../http/tenancy';

type Db = Prisma.TransactionClient | PrismaClient;
const AUDIT_BATCH = 1000;
type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/** A value as the audit keeps it: Decimal and Date as strings, nested objects and arrays as JSON. */
function plain(value: unknown): Plain {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null && 'toFixed' in value && 'isZero' in value)
    return (value as { toFixed(dp?: number): string }).toFixed(2);
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value as Plain;
}

export interface AuditChange {
  entity: AuditEntity;
  entityId: number;
  action: AuditAction;
  /** The record before the change (null for a creation): only fields that differ from `after` are kept. */
  before: Record<string, unknown> | null;
  /** The record after the change (null for a deletion). */
  after: Record<string, unknown> | null;
  /** A class change its author chose not to tell the teacher about (the class-change notices skip it). */
  notifyTeacher?: boolean;
}

/** Only the fields whose values differ, on both sides; a creation or deletion keeps every field. */
export function auditDiff(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  if (!before || !after) return { before: before && plain(before), after: after && plain(after) };
  const b: Record<string, Plain> = {};
  const a: Record<string, Plain> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = plain(before[key]);
    const now = plain(after[key]);
    if (JSON.stringify(was) !== JSON.stringify(now)) {
      b[key] = was;
      a[key] = now;
    }
  }
  return { before: b, after: a };
}

/**
 * Records who changed what, with the values before and after, in the caller's transaction (so the
 * audit row exists exactly when the change does), in the actor's centre unless `organisationId` names
 * the centre. An UPDATE that changed nothing is not recorded.
 * Returns how many rows were written.
 */
export async function recordAudit(
  db: Db,
  auth: AuthContext,
  changes: readonly AuditChange[],
  /** The centre whose records changed, when the actor belongs to none (the platform changing a centre). */
  { organisationId = organisationOf(auth) }: { organisationId?: number } = {},
): Promise<number> {
  const data = [];
  for (const change of changes) {
    const diff = auditDiff(change.before, change.after);
    const empty = (side: unknown) => side !== null && typeof side === 'object' && Object.keys(side).length === 0;
    if (change.action === 'UPDATE' && empty(diff.before) && empty(diff.after)) continue;
    data.push({
      organisationId,
      actorId: auth.userId,
      entityType: change.entity,
      entityId: change.entityId,
      action: change.action,
      before: (diff.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (diff.after ?? undefined) as Prisma.InputJsonValue | undefined,
      ...(change.notifyTeacher === false ? { notifyTeacher: false } : {}),
    });
  }
  // In slices: an import records thousands of creations, and a statement binds at most 65,535 values.
  for (let i = 0; i < data.length; i += AUDIT_BATCH) {
    await db.auditEvent.createMany({ data: data.slice(i, i + AUDIT_BATCH) });
  }
  return data.length;
}
