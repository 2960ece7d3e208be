import type { PrismaClient } from '../../server/generated/prisma/client';
import { createHousehold } from './household-factories';
import { createStudentRecord } from './student-factories';

/**
 * A fixed-offset IANA zone (Etc/GMT±n) in which it is now `hour` o'clock local: quiet hours (22)
 * whatever time the test runs (household-factories' daytimeZone() is noon). Etc/GMT's sign is
 * inverted: Etc/GMT-3 is UTC+3.
 */
export function zoneWhereItIsNow(hour: number, now = new Date()): string {
  let offset = (((hour - now.getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  if (offset === 0) return 'Etc/UTC';
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * A household whose guardian gave SMS consent at the desk, with a student whose own record has the same
 * phone and allows SMS (as the households migration left them), spelled differently.
 */
export async function createSmsFamily(
  prisma: PrismaClient,
  organisationId: number,
  { phone, langKey = 'en-US' }: { phone: string; langKey?: string },
) {
  const student = await createStudentRecord(prisma, organisationId, { lastName: 'Lee' });
  await prisma.student.update({ where: { id: student.id }, data: { phone, allowSms: true } });
  const household = await createHousehold(prisma, organisationId, { studentIds: [student.id] });
  const guardian = await prisma.guardian.create({
    data: {
      organisationId,
      householdId: household.id,
      name: 'Mei Lee',
      // The same number as typed elsewhere: "+1 (416) 555-0142" against "416-555-0142".
      phone: `+1 (${phone.slice(0, 3)}) ${phone.slice(4)}`,
      langKey,
      allowSms: true,
      smsConsentAt: new Date('2026-09-01T15:00:00Z'),
      smsConsentSource: 'Desk form',
    },
  });
  return { student, household, guardian };
}
