// Registering a centre in the browser tests (issue 37, finding 6): POST /api/register answers the same
// for every address and emails a link; opening it makes the centre and signs its admin in. The server's
// worker writes each email as an .eml file (no SMTP in the browser tests), in MAIL_DIR or data/mail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';

const mailDir = () => path.resolve(process.env.MAIL_DIR ?? 'data/mail');

/** The key of the registration link emailed to `email` (the text part is quoted-printable). */
export async function registrationKey(email: string): Promise<string> {
  let key = '';
  await expect(() => {
    for (const name of readdirSync(mailDir()).filter((n) => n.endsWith('.eml'))) {
      const raw = readFileSync(path.join(mailDir(), name), 'utf8').replace(/=\r?\n/g, '');
      if (!raw.includes(email)) continue;
      const found = /\/user\/register\?key=(?:3D)?([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
      if (found) key = found;
    }
    expect(key, `a registration link emailed to ${email}`).not.toBe('');
  }).toPass({ timeout: 20_000 });
  return key;
}

/** Registers a centre as its admin would, link and all: the signed-in reply (the admin's id, login, token). */
export async function registerThroughEmail(
  request: APIRequestContext,
  data: Record<string, unknown> & { email: string },
  headers: Record<string, string> = {},
): Promise<{ id: number; login: string; id_token: string }> {
  const asked = await request.post('/api/register', { data, headers });
  expect(asked.status(), await asked.text()).toBe(202);
  const key = await registrationKey(data.email);
  const made = await request.post('/api/register/confirm', { data: { key }, headers });
  expect(made.status(), await made.text()).toBe(201);
  return made.json();
}
