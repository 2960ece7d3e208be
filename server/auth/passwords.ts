import bcrypt from 'bcryptjs';

// bcrypt (pure JS, so no native build step). Cost 10 in tests keeps them quick; 12 otherwise.
const COST = Number(process.env.BCRYPT_COST ?? 12);

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

/** A user without a password (an imported teacher not yet invited) never matches, in the same time. */
export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash === null) return spendPasswordTime(password).then(() => false);
  return bcrypt.compare(password, hash);
}

// Compared against when the login does not exist, so that a missing account takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;
export async function spendPasswordTime(password: string): Promise<boolean> {
  decoyHash ??= bcrypt.hash('decoy-password-never-matches', COST);
  return bcrypt.compare(password, await decoyHash);
}
