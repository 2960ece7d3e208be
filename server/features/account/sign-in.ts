import type { LoginThrottle } from '../../auth/login-throttle';
import { spendPasswordTime, verifyPassword } from '../../auth/passwords';
import { startSession } from '../../auth/sessions';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';

export interface SignInOptions {
  prisma: PrismaClient;
  jwtSecret: string;
  throttle: LoginThrottle;
  username: string;
  password: string;
  rememberMe: boolean;
  address: string;
  userAgent: string | undefined;
}

/** Checks login (or email) and password, with throttling; opens a session and returns its signed token. */
export async function signIn(options: SignInOptions) {
  const { prisma, jwtSecret, throttle, username, password, rememberMe, address, userAgent } = options;
  const name = username.trim().toLowerCase();
  const user = await prisma.user.findFirst({
    where: { OR: [{ login: name }, { email: name }] },
    select: { id: true, passwordHash: true, activated: true, tokenVersion: true },
  });
  // Login and email are one account: failures count by user, whichever was typed.
  const account = user ? `user:${user.id}` : `name:${name}`;
  const attempt = await throttle.begin(account, address);
  const passwordOk = user ? await verifyPassword(password, user.passwordHash) : await spendPasswordTime(password);
  if (!user || !passwordOk) {
    await attempt.failed();
    throw new AppError('unauthenticated', 'Incorrect username/password.');
  }
  await attempt.succeeded();
  if (!user.activated) throw new AppError('unauthenticated', 'This account is deactivated.');
  return startSession(prisma, jwtSecret, user, { rememberMe, userAgent });
}
