// Families made through the desk's API for the browser tests (issue 21, 37): a new student's household
// with one guardian, the invitation's key from the email the worker wrote, and a guardian who has
// accepted it (an account that signs in with a password).
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiAs } from './support';

/** A new student's household with one guardian in `langKey`, made through the desk's API. */
export async function familyOf(
  request: APIRequestContext,
  first: string,
  langKey: 'en-US' | 'zh-CN',
  suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`,
) {
  const desk = await apiAs(request, 'operator');
  const student = await request.post('/api/students', {
    headers: desk,
    data: { studentId: `INV-${first}-${suffix}`, firstName: first, lastName: `Park${suffix}` },
  });
  expect(student.status()).toBe(201);
  const studentId = ((await student.json()) as { id: number }).id;
  const household = await request.post('/api/households', { headers: desk, data: { studentId } });
  expect(household.status()).toBe(201);
  const householdId = ((await household.json()) as { id: number }).id;
  const email = `${first.toLowerCase()}.parent.${suffix}@family.test`;
  const added = await request.post(`/api/households/${householdId}/guardians`, {
    headers: desk,
    data: { name: `${first} Parent`, email, langKey },
  });
  expect(added.status()).toBe(201);
  const guardianId = ((await added.json()) as { guardians: { id: number; email: string | null }[] }).guardians.find(
    (g) => g.email === email,
  )?.id as number;
  return { householdId, guardianId, email, desk };
}

/** The key of the invitation link in the email the worker wrote (no SMTP in the browser tests). */
export async function invitationKey(request: APIRequestContext, desk: { Authorization: string }, email: string) {
  let file = '';
  await expect(async () => {
    const res = await request.get('/api/messages', { headers: desk, params: { recipient: email } });
    const rows = (await res.json()).data as { template: string; status: string; note: string | null }[];
    file = /written to (.+\.eml)$/.exec(rows.find((m) => m.template === 'invitation')?.note ?? '')?.[1] ?? '';
    expect(file).not.toBe('');
  }).toPass({ timeout: 20_000 });
  const raw = readFileSync(file, 'utf8').replace(/=\r?\n/g, '');
  const key = /\/user\/accept-invitation\?key=(?:3D)?([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
  expect(key).toBeTruthy();
  return key as string;
}

/** A guardian who accepted the desk's email invitation: their login and password sign in to the portal. */
export async function acceptedGuardian(request: APIRequestContext, first: string) {
  const family = await familyOf(request, first, 'en-US');
  const invited = await request.post(
    `/api/households/${family.householdId}/guardians/${family.guardianId}/invitation`,
    {
      headers: family.desk,
      data: { channel: 'EMAIL' },
    },
  );
  expect(invited.status(), await invited.text()).toBe(201);
  const key = await invitationKey(request, family.desk, family.email);
  const login = `${first.toLowerCase()}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'family-password-1';
  const accepted = await request.post('/api/invitations/accept', { data: { key, login, password } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { ...family, login, password };
}
