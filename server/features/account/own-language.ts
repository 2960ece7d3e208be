import type { TLanguageBody } from '../../../src/contracts/language';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';

type Db = PrismaClient | Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/**
 * The person's language, chosen (issue 37, finding 8): on the account, marked as chosen so that sign-in
 * applies it on any device, and on the guardian contacts this account signs in as, whose messages
 * (emails, SMS) are written in it. One transaction: the screens and the messages never disagree.
 */
export async function chooseLanguage(db: Db, userId: number, langKey: TLanguageBody['langKey']): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { langKey, languageChosenAt: new Date() } });
  await db.guardian.updateMany({ where: { userId }, data: { langKey } });
}

export async function setOwnLanguage(prisma: PrismaClient, auth: AuthContext, body: TLanguageBody) {
  await prisma.$transaction((tx) => chooseLanguage(tx, auth.userId, body.langKey));
  return { langKey: body.langKey };
}
