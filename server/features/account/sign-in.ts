import { assertNotThrottled, clearAccountFailures, recordLoginFailure } from '../../auth/login-throttle';
import { spendPasswordTime, verifyPassword } from '../../auth/passwords';
import { signToken } from '../../auth/tokens';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';

export interface SignInOptions {
  prisma: PrismaClient;
  jwtSecret: string;
  username: string;
  password: string;
  rememberMe: boolean;
  address: string;
}

/** Checks login (or email) and password, with throttling; returns a signed token. */
export async function signIn({ prisma, jwtSecret, username, password, rememberMe, address }: SignInOptions) {
  const name = username.trim().toLowerCase();
  await assertNotThrottled(prisma, name, address);
  const user = await prisma.user.findFirst({
    where: { OR: [{ login: name }, { email: name }] },
    select: { id: true, passwordHash: true, activated: true, tokenVersion: true },
  });
  const passwordOk = user ? await verifyPassword(password, user.passwordHash) : await spendPasswordTime(password);
  if (!user || !passwordOk) {
    await recordLoginFailure(prisma, name, address);
    throw new AppError('unauthenticated', 'Incorrect username/password.');
  }
  if (!user.activated) throw new AppError('unauthenticated', 'This account is deactivated.');
  await clearAccountFailures(prisma, name);
  return { id_token: signToken(jwtSecret, { userId: user.id, tokenVersion: user.tokenVersion }, rememberMe) };
}
