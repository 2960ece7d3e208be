import type { PrismaClient } from '../../server/generated/prisma/client';

let sequence = 0;

export async function createStudentRecord(
  prisma: PrismaClient,
  organisationId: number,
  data: Partial<{ studentId: string; firstName: string; lastName: string; active: boolean; referrerId: number }> = {},
) {
  const n = ++sequence;
  return prisma.student.create({
    data: {
      studentId: `S${String(n).padStart(5, '0')}`,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      organisationId,
      ...data,
    },
  });
}

export async function createReferrerRecord(
  prisma: PrismaClient,
  organisationId: number,
  name = `Referrer ${++sequence}`,
) {
  return prisma.referrer.create({ data: { name, organisationId } });
}

/** A valid create/update body; override what a test is about. */
export function studentBody(overrides: Record<string, unknown> = {}) {
  const n = ++sequence;
  return {
    studentId: `B${n}`,
    firstName: 'Ada',
    lastName: `Lovelace${n}`,
    email: `ada${n}@example.test`,
    phone: '+1 416 555 0100',
    startDate: '2026-09-01',
    hourlyRate: 45.5,
    allowSms: true,
    ...overrides,
  };
}

/** supertest parser that keeps a binary reply (an .xlsx download) as a Buffer. */
export function readBinary(res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
