import type { Prisma, PrismaClient } from '../../server/generated/prisma/client';
import { createStudentRecord } from './student-factories';

/** A household of the centre holding the given students (created when not given), as the desk would have it. */
export async function createHousehold(
  prisma: PrismaClient,
  organisationId: number,
  { name = 'Lee', studentIds }: { name?: string; studentIds?: number[] } = {},
) {
  const ids = studentIds ?? [(await createStudentRecord(prisma, organisationId, { lastName: name })).id];
  const household = await prisma.household.create({ data: { organisationId, name } });
  await prisma.student.updateMany({ where: { id: { in: ids } }, data: { householdId: household.id } });
  return { ...household, studentIds: ids };
}

/**
 * A fixed-offset IANA zone where it is about noon now (Etc/GMT-5 is UTC+5): a centre in it sends family
 * SMS at once, whatever hour the test runs (no SMS between 21:00 and 08:00 in the centre's zone).
 */
export function daytimeZone(now = new Date()): string {
  const offset = ((12 - now.getUTCHours() + 36) % 24) - 12;
  if (offset === 0) return 'UTC';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

type GuardianFields = Omit<Prisma.GuardianUncheckedCreateInput, 'organisationId' | 'householdId'>;

/** A guardian of `household` as the desk enters one (no portal sign-in). */
export function createGuardian(
  prisma: PrismaClient,
  household: { id: number; organisationId: number },
  data: GuardianFields,
) {
  return prisma.guardian.create({
    data: { organisationId: household.organisationId, householdId: household.id, ...data },
  });
}

/** The guardians the family-message tests (statements, reminders, notices) write to, or do not. */
export const FAMILY_GUARDIANS = {
  /** Reads Chinese, takes SMS with consent recorded by the desk. */
  chineseMotherWithSms: () =>
    ({
      name: '陈美',
      phone: '+1 416 555 0142',
      langKey: 'zh-CN',
      allowSms: true,
      smsConsentAt: new Date(),
      smsConsentSource: 'desk (test)',
    }) satisfies GuardianFields,
  /** Has an address but takes no email: nothing reaches him by email. */
  fatherWithoutEmail: { name: 'Wei Chen', email: 'wei@family.test', allowEmail: false },
  /** Reads English (the default), takes email. */
  gran: { name: 'Gran Chen', email: 'gran@family.test' },
} satisfies Record<string, GuardianFields | (() => GuardianFields)>;
