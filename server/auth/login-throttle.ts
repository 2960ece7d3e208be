import type { PrismaClient } from '../generated/prisma/client';
import { AppError } from '../http/errors';

// Failed sign-ins are rows in the database, so the limit holds across every API instance.
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

const accountKey = (login: string) => `account:${login.toLowerCase()}`.slice(0, 120);
const addressKey = (address: string) => `address:${address}`.slice(0, 120);

async function failuresSince(prisma: PrismaClient, key: string, since: Date) {
  return prisma.loginFailure.count({ where: { key, createdAt: { gte: since } } });
}

/** Refuses with 429 while the account or the address has too many recent failures. */
export async function assertNotThrottled(prisma: PrismaClient, login: string, address: string): Promise<void> {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const [byAccount, byAddress] = await Promise.all([
    failuresSince(prisma, accountKey(login), since),
    failuresSince(prisma, addressKey(address), since),
  ]);
  if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byAddress >= MAX_FAILURES_PER_ADDRESS) {
    const minutes = Math.round(THROTTLE_WINDOW_MS / 60000);
    throw new AppError('rate_limited', `Too many failed sign-in attempts. Try again in ${minutes} minutes.`, {
      headers: { 'Retry-After': String(THROTTLE_WINDOW_MS / 1000) },
    });
  }
}

export async function recordLoginFailure(prisma: PrismaClient, login: string, address: string): Promise<void> {
  await prisma.$transaction([
    prisma.loginFailure.createMany({ data: [{ key: accountKey(login) }, { key: addressKey(address) }] }),
    // Old rows serve no purpose: keep the table small.
    prisma.loginFailure.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 24 * 60 * 60 * 1000) } } }),
  ]);
}

export async function clearAccountFailures(prisma: PrismaClient, login: string): Promise<void> {
  await prisma.loginFailure.deleteMany({ where: { key: accountKey(login) } });
}
