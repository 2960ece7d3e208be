// Who a household's people are to the rest of the system: its guardians' and children's ids and every
// address they were reached at (emails, phones as typed and as sent). The data export lists the
// messages sent to them; the erasure blanks those messages.
import { normalisePhone } from '../../../src/contracts/login';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';

type Db = PrismaClient | Prisma.TransactionClient;

export interface HouseholdPeople {
  householdId: number;
  guardianIds: number[];
  studentIds: number[];
  /** Every email and phone of the guardians (and their sign-ins) and children; emails also lowercased. */
  addresses: string[];
}

export async function householdPeople(db: Db, householdId: number): Promise<HouseholdPeople> {
  // One after the other: inside a transaction both would share one connection.
  const guardians = await db.guardian.findMany({
    where: { householdId },
    select: { id: true, email: true, phone: true, user: { select: { email: true, phone: true } } },
  });
  const students = await db.student.findMany({
    where: { householdId },
    select: { id: true, email: true, phone: true, feedbackEmail: true },
  });
  const addresses = new Set<string>();
  const add = (value: string | null | undefined, phone = false) => {
    const v = value?.trim();
    if (!v) return;
    addresses.add(v);
    if (phone) {
      const normal = normalisePhone(v);
      if (normal) addresses.add(normal);
    } else addresses.add(v.toLowerCase());
  };
  for (const g of guardians) {
    add(g.email);
    add(g.phone, true);
    add(g.user?.email);
    add(g.user?.phone, true);
  }
  for (const s of students) {
    add(s.email);
    add(s.feedbackEmail);
    add(s.phone, true);
  }
  return {
    householdId,
    guardianIds: guardians.map((g) => g.id),
    studentIds: students.map((s) => s.id),
    addresses: [...addresses],
  };
}

/** The centre's messages to the household's people: by address, or about one of them. */
export function householdMessagesWhere(organisationId: number, people: HouseholdPeople): Prisma.MessageWhereInput {
  return {
    organisationId,
    OR: [
      { recipient: { in: people.addresses } },
      { entityType: 'GUARDIAN', entityId: { in: people.guardianIds } },
      { entityType: 'STUDENT', entityId: { in: people.studentIds } },
      { entityType: 'HOUSEHOLD', entityId: people.householdId },
    ],
  };
}
