// The audit of the desk's household changes (issue 37, finding 7): rename and notes, guardians added,
// changed and removed, merges and moves, invitations sent and revoked, portal access ended. A household
// is kept as the desk edits it: its fields, its children by name and student ID (as a class keeps its
// students), and its guardians' details and contact choices (as a student's own are kept). Never an
// invitation's key or code, where it was sent, a portal login or the SMS consent's stamp.

import { type AuditChange, recordAudit } from '../../audit/record-audit';
import type { AuditAction, Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { portalAccessSelect, toPortalAccess } from './portal-access';

type Tx = Prisma.TransactionClient;

const householdAuditSelect = {
  id: true,
  name: true,
  comments: true,
  lessonReminders: true,
  monthlyStatements: true,
  students: {
    select: { firstName: true, lastName: true, studentId: true },
    orderBy: [{ firstName: 'asc' }, { id: 'asc' }],
  },
  guardians: {
    select: {
      id: true,
      name: true,
      relationship: true,
      email: true,
      phone: true,
      wechat: true,
      langKey: true,
      allowEmail: true,
      allowSms: true,
      receivesFeedback: true,
      ...portalAccessSelect,
    },
    orderBy: { id: 'asc' },
  },
} satisfies Prisma.HouseholdSelect;
type HouseholdRow = Prisma.HouseholdGetPayload<{ select: typeof householdAuditSelect }>;
type GuardianRow = HouseholdRow['guardians'][number];

type Line = Record<string, unknown>;
export interface HouseholdState {
  fields: Record<string, unknown>;
  /** By guardian id: lines are matched by it, so a renamed guardian reads as one line changed. */
  guardians: Map<number, Line>;
}

function guardianLine({ id: _id, name, user, invitations, ...g }: GuardianRow): Line {
  const portal = toPortalAccess({ user, invitations });
  return {
    guardian: name ?? g.email ?? g.phone,
    ...g,
    portal: portal.status,
    invitation: portal.channel,
    invitedAt: portal.invitedAt,
  };
}

function stateOf(row: HouseholdRow): HouseholdState {
  return {
    fields: {
      name: row.name,
      comments: row.comments,
      lessonReminders: row.lessonReminders,
      monthlyStatements: row.monthlyStatements,
      students: row.students.map((s) => `${s.firstName} ${s.lastName} (${s.studentId})`),
    },
    guardians: new Map(row.guardians.map((g) => [g.id, guardianLine(g)])),
  };
}

/** The households `ids` as the audit keeps them (a household that does not exist: null). */
export async function householdStates(tx: Tx, ids: readonly number[]): Promise<Map<number, HouseholdState | null>> {
  const rows = await tx.household.findMany({ where: { id: { in: [...ids] } }, select: householdAuditSelect });
  return new Map(ids.map((id) => [id, ((row) => (row ? stateOf(row) : null))(rows.find((r) => r.id === id))]));
}

/** The guardians whose line changed, each by name with only its changed values (whole when added or removed). */
function changedGuardians(before: Map<number, Line>, after: Map<number, Line>) {
  const b: Line[] = [];
  const a: Line[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const from = before.get(id);
    const to = after.get(id);
    if (!from || !to) {
      if (from) b.push(from);
      if (to) a.push(to);
      continue;
    }
    const changed = Object.keys(to).filter((f) => JSON.stringify(from[f]) !== JSON.stringify(to[f]));
    if (!changed.length) continue;
    const pick = (line: Line) => Object.fromEntries([['guardian', line.guardian], ...changed.map((f) => [f, line[f]])]);
    b.push(pick(from));
    a.push(pick(to));
  }
  return { before: b, after: a };
}

const whole = (state: HouseholdState) => ({ ...state.fields, guardians: [...state.guardians.values()] });

/**
 * Records what became of each household of `before` (its state before the change, null for one the
 * change created), in the change's transaction: CREATE, UPDATE (the changed fields and guardians
 * only; nothing when nothing changed) or DELETE (a household merged away or left empty).
 */
export async function recordHouseholdChanges(tx: Tx, auth: AuthContext, before: Map<number, HouseholdState | null>) {
  const after = await householdStates(tx, [...before.keys()]);
  const changes: AuditChange[] = [];
  for (const [id, was] of before) {
    const now = after.get(id) ?? null;
    if (!was && !now) continue;
    const action: AuditAction = !was ? 'CREATE' : !now ? 'DELETE' : 'UPDATE';
    if (!was || !now) {
      changes.push({ entity: 'HOUSEHOLD', entityId: id, action, before: was && whole(was), after: now && whole(now) });
      continue;
    }
    const guardians = changedGuardians(was.guardians, now.guardians);
    const lines = guardians.before.length + guardians.after.length > 0;
    changes.push({
      entity: 'HOUSEHOLD',
      entityId: id,
      action,
      before: { ...was.fields, ...(lines ? { guardians: guardians.before } : {}) },
      after: { ...now.fields, ...(lines ? { guardians: guardians.after } : {}) },
    });
  }
  await recordAudit(tx, auth, changes);
}
