import type { THousehold } from '../../../src/contracts/households';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { notFound, organisationOf } from '../../http/tenancy';
import { guardianAddresses } from './guardian-recipients';
import { householdSiteWhere } from './household-sites';
import { choicesView, primaryContactId } from './message-choices';
import { portalAccessSelect, toPortalAccess } from './portal-access';

/** A guardian's own details and contact choices (the desk's household page and the household export). */
export const guardianFactsSelect = {
  id: true,
  name: true,
  relationship: true,
  email: true,
  phone: true,
  wechat: true,
  langKey: true,
  allowEmail: true,
  allowSms: true,
  smsConsentAt: true,
  smsConsentSource: true,
  receivesFeedback: true,
} as const satisfies Prisma.GuardianSelect;

/** What the desk reads of a household: its students (in name order) and guardians (in the order added). */
export const householdSelect = {
  id: true,
  name: true,
  comments: true,
  lessonReminders: true,
  monthlyStatements: true,
  createdAt: true,
  students: {
    select: { id: true, studentId: true, firstName: true, lastName: true, active: true, voucherBalance: true },
    orderBy: [{ firstName: 'asc' }, { id: 'asc' }],
  },
  guardians: {
    select: {
      ...guardianFactsSelect,
      ...portalAccessSelect,
      messageChoices: { select: { kind: true, email: true, sms: true } },
    },
    orderBy: { id: 'asc' },
  },
} satisfies Prisma.HouseholdSelect;
type HouseholdRow = Prisma.HouseholdGetPayload<{ select: typeof householdSelect }>;

export function toHousehold(row: HouseholdRow): THousehold {
  const primary = primaryContactId(row.guardians);
  const balance = row.students.reduce((sum, s) => sum.plus(s.voucherBalance), row.students[0]?.voucherBalance.mul(0));
  return {
    id: row.id,
    name: row.name,
    comments: row.comments,
    lessonReminders: row.lessonReminders,
    monthlyStatements: row.monthlyStatements,
    createdAt: row.createdAt.toISOString(),
    students: row.students.map((s) => ({
      id: s.id,
      studentId: s.studentId,
      name: `${s.firstName} ${s.lastName}`,
      active: s.active,
      voucherBalance: s.voucherBalance.toFixed(2),
    })),
    guardians: row.guardians.map(({ user, invitations, messageChoices, ...g }) => {
      const primaryContact = g.id === primary;
      const can = guardianAddresses(g);
      return {
        ...g,
        langKey: g.langKey === 'zh-CN' ? 'zh-CN' : 'en-US',
        smsConsentAt: g.smsConsentAt?.toISOString() ?? null,
        portal: toPortalAccess({ user, invitations }),
        primaryContact,
        // What actually reaches them: their choice (or the default) where they allow the channel.
        messages: choicesView(messageChoices, primaryContact).map((c) => ({
          kind: c.kind,
          email: c.email && Boolean(can.email),
          sms: c.sms && Boolean(can.phone),
        })),
      };
    }),
    balance: balance ? balance.toFixed(2) : '0.00',
  };
}

type Db = PrismaClient | Prisma.TransactionClient;

/** The household of the caller's centre (within their sites, when limited: a child of it is there), or 404. */
export async function getHousehold(db: Db, auth: AuthContext, id: number): Promise<THousehold> {
  const row = await db.household.findFirst({
    where: { id, organisationId: organisationOf(auth), ...householdSiteWhere(auth) },
    select: householdSelect,
  });
  if (!row) throw notFound('Household', id);
  return toHousehold(row);
}
