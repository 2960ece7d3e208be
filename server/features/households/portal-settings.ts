// A guardian's own settings (issue 21): read and changed by the guardian in the portal, in one
// transaction with the household's lesson-reminder choice; SMS consent is recorded as given in the
// portal ("portal (<login>)") when newly allowed, kept while it stands and cleared when withdrawn, as
// the desk records its own. Channels per kind of message (issue 37, finding 14): message-choices.ts.
import type { z } from 'zod';
import type { TPortalSettings, ZPortalSettingsBody } from '../../../src/contracts/portal-settings';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { organisationOf } from '../../http/tenancy';
import { choicesView, primaryContactId, saveChoices } from './message-choices';

const select = {
  id: true,
  name: true,
  email: true,
  phone: true,
  langKey: true,
  allowEmail: true,
  allowSms: true,
  smsConsentAt: true,
  smsConsentSource: true,
  householdId: true,
  messageChoices: { select: { kind: true, email: true, sms: true } },
  household: {
    select: {
      lessonReminders: true,
      monthlyStatements: true,
      // Who the primary contact is (message-choices.ts).
      guardians: {
        select: { id: true, email: true, phone: true, allowEmail: true, allowSms: true, smsConsentAt: true },
      },
    },
  },
} as const;

type Db = PrismaClient | Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

async function ownGuardian(db: Db, auth: AuthContext) {
  const guardian = await db.guardian.findFirst({
    where: { userId: auth.userId, organisationId: organisationOf(auth) },
    select,
  });
  if (!guardian) throw new AppError('not_found', 'This account belongs to no household');
  return guardian;
}

function view(g: Awaited<ReturnType<typeof ownGuardian>>): TPortalSettings {
  const primaryContact = primaryContactId(g.household.guardians) === g.id;
  return {
    name: g.name,
    email: g.email,
    phone: g.phone,
    langKey: g.langKey === 'zh-CN' ? 'zh-CN' : 'en-US',
    allowEmail: g.allowEmail,
    allowSms: g.allowSms,
    smsConsentAt: g.smsConsentAt?.toISOString() ?? null,
    smsConsentSource: g.smsConsentSource,
    lessonReminders: g.household.lessonReminders,
    monthlyStatements: g.household.monthlyStatements,
    messages: choicesView(g.messageChoices, primaryContact),
    primaryContact,
  };
}

export async function portalSettings(prisma: PrismaClient, auth: AuthContext): Promise<TPortalSettings> {
  return view(await ownGuardian(prisma, auth));
}

export async function updatePortalSettings(
  prisma: PrismaClient,
  auth: AuthContext,
  body: z.output<typeof ZPortalSettingsBody>,
): Promise<TPortalSettings> {
  return prisma.$transaction(async (tx) => {
    const before = await ownGuardian(tx, auth);
    const consent = !body.allowSms
      ? { smsConsentAt: null, smsConsentSource: null }
      : before.allowSms
        ? { smsConsentAt: before.smsConsentAt, smsConsentSource: before.smsConsentSource }
        : { smsConsentAt: new Date(), smsConsentSource: `portal (${auth.login})` };
    const { lessonReminders, monthlyStatements, messages, ...own } = body;
    await tx.guardian.update({ where: { id: before.id }, data: { ...own, ...consent } });
    if (messages) {
      const { household } = await ownGuardian(tx, auth);
      await saveChoices(tx, before.id, messages, primaryContactId(household.guardians) === before.id);
    }
    await tx.household.update({ where: { id: before.householdId }, data: { lessonReminders, monthlyStatements } });
    // The account's language follows: its own emails (a password reset) speak it too.
    // A language changed here is the person's choice: every device follows it from its next sign-in
    // (issue 37, finding 8). Saving the other settings leaves an unchanged language unchosen.
    const chosen = body.langKey !== before.langKey ? { languageChosenAt: new Date() } : {};
    await tx.user.update({ where: { id: auth.userId }, data: { langKey: body.langKey, ...chosen } });
    return view(await ownGuardian(tx, auth));
  });
}
