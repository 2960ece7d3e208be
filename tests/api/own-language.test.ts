// One language per person (issue 37, finding 8): the header switch (PUT /api/account/language) and the
// portal's Settings set the same value: the account's language, marked as chosen (sign-in applies it on
// every device), and the guardian contact's, which the family's messages are written in.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createHousehold } from '../support/household-factories';
import { createGuardianUser } from '../support/portal-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
}, 120_000);
afterAll(() => ctx?.close());

const newGuardian = async () =>
  createGuardianUser(ctx, staff.centre.id, (await createHousehold(ctx.prisma, staff.centre.id)).id);
const settings = { email: 'mei.lee@family.test', phone: '', allowEmail: true, allowSms: false, lessonReminders: true };

describe('the person’s language', () => {
  it('is unchosen until chosen; the switch keeps it on the account and the guardian contact', async () => {
    const { caller, guardian } = await newGuardian();
    const before = await caller.get('/api/account');
    expect(before.body).toMatchObject({ langKey: 'en-US', languageChosen: false });

    const set = await caller.put('/api/account/language', { langKey: 'zh-CN' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ langKey: 'zh-CN' });
    expect((await caller.get('/api/account')).body).toMatchObject({ langKey: 'zh-CN', languageChosen: true });
    // The family's messages go in it: the contact's language, which the portal's Settings show.
    const contact = await ctx.prisma.guardian.findUniqueOrThrow({ where: { id: guardian.id } });
    expect(contact.langKey).toBe('zh-CN');
    expect((await caller.get('/api/portal/settings')).body.langKey).toBe('zh-CN');
  });

  it('chosen in the portal’s Settings it is chosen for the account; saving other settings chooses nothing', async () => {
    const { caller } = await newGuardian();
    const same = await caller.put('/api/portal/settings', { ...settings, langKey: 'en-US' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((await caller.get('/api/account')).body).toMatchObject({ langKey: 'en-US', languageChosen: false });

    const changed = await caller.put('/api/portal/settings', { ...settings, langKey: 'zh-CN' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await caller.get('/api/account')).body).toMatchObject({ langKey: 'zh-CN', languageChosen: true });
  });

  it('staff choose theirs too (no guardian contact to follow)', async () => {
    const operator = callerWith(ctx.app, staff.tokens.operator);
    expect((await operator.put('/api/account/language', { langKey: 'zh-CN' })).status).toBe(200);
    expect((await operator.get('/api/account')).body).toMatchObject({ langKey: 'zh-CN', languageChosen: true });
  });

  it('refuses another language naming the field, in the reader’s language, and changes nothing', async () => {
    const { caller, user } = await newGuardian();
    for (const body of [{ langKey: 'fr-FR' }, {}, { langKey: 7 }]) {
      const res = await caller.put('/api/account/language', body).set('Accept-Language', 'zh-CN');
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.map((f: { field: string }) => f.field)).toContain('langKey');
    }
    const row = await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ langKey: 'en-US', languageChosenAt: null });
  });

  it('needs a signed-in person', async () => {
    const res = await request(ctx.app).put('/api/account/language').send({ langKey: 'zh-CN' });
    expect(res.status).toBe(401);
  });
});
