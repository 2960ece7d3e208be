import {
  KIND_NOT_FOR_ROLE_MESSAGE,
  SMS_NEEDS_PHONE_MESSAGE,
  type TNotificationSettings,
  type TNotificationSettingsBody,
} from '../../../src/contracts/notices';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import type { FieldErrorText } from '../../http/errors';
import { invalidInput } from '../../http/route';
import { DEFAULT_CHANNELS, kindsForRoles } from '../../notices/channels';

async function readSettings(prisma: PrismaClient, userId: number): Promise<TNotificationSettings> {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, phone: true, roles: true, notificationSettings: true },
  });
  return {
    email: user.email,
    phone: user.phone,
    settings: kindsForRoles(user.roles).map((kind) => {
      const row = user.notificationSettings.find((s) => s.kind === kind) ?? DEFAULT_CHANNELS;
      return { kind, email: row.email, sms: row.sms };
    }),
  };
}

/** The caller's channels per kind that applies to their role (a kind never saved shows the defaults). */
export function notificationSettings(prisma: PrismaClient, auth: AuthContext) {
  return readSettings(prisma, auth.userId);
}

/** Saves the caller's channels: only kinds of their role, and SMS only with a phone on the account. */
export async function setNotificationSettings(
  prisma: PrismaClient,
  auth: AuthContext,
  body: TNotificationSettingsBody,
) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: auth.userId },
    select: { phone: true, roles: true },
  });
  const allowed = kindsForRoles(user.roles);
  const fieldErrors: FieldErrorText[] = [];
  body.settings.forEach((row, i) => {
    if (!allowed.includes(row.kind))
      fieldErrors.push({ field: `settings.${i}.kind`, message: KIND_NOT_FOR_ROLE_MESSAGE });
    if (row.sms && !user.phone) fieldErrors.push({ field: `settings.${i}.sms`, message: SMS_NEEDS_PHONE_MESSAGE });
  });
  if (fieldErrors.length) {
    throw invalidInput('body', fieldErrors);
  }
  await prisma.$transaction(
    body.settings.map((row) =>
      prisma.userNotificationSetting.upsert({
        where: { userId_kind: { userId: auth.userId, kind: row.kind } },
        create: { userId: auth.userId, kind: row.kind, email: row.email, sms: row.sms },
        update: { email: row.email, sms: row.sms },
      }),
    ),
  );
  return readSettings(prisma, auth.userId);
}
