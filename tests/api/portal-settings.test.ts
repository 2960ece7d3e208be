// A guardian's own settings in the portal (issue 21): contact, language, email and SMS choices (SMS
// consent recorded as given in the portal), and the family's lesson reminders; bad input names the
// field and changes nothing; staff and other roles cannot use it.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createHousehold } from '../support/household-factories';
import { createGuardianUser } from '../support/portal-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let guardian: Awaited<ReturnType<typeof createGuardianUser>>;
let householdId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  householdId = (await createHousehold(ctx.prisma, staff.centre.id)).id;
  guardian = await createGuardianUser(ctx, staff.centre.id, householdId);
}, 120_000);
afterAll(() => ctx?.close());

const settings = (over: Record<string, unknown> = {}) => ({
  email: 'mei.lee@family.test',
  phone: '+1 416 555 0190',
  langKey: 'zh-CN',
  allowEmail: true,
  allowSms: true,
  lessonReminders: false,
  ...over,
});

describe('portal settings', () => {
  it('changes the guardian’s contact, language and channels; SMS consent is recorded as the portal’s', async () => {
    const before = await guardian.caller.get('/api/portal/settings');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ name: 'Mei Lee', allowSms: false, smsConsentAt: null, lessonReminders: true });

    const saved = await guardian.caller.put('/api/portal/settings', settings());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      email: 'mei.lee@family.test',
      phone: '+1 416 555 0190',
      langKey: 'zh-CN',
      allowSms: true,
      smsConsentSource: `portal (${guardian.user.login})`,
      lessonReminders: false,
    });
    const consentAt = saved.body.smsConsentAt as string;
    expect(Date.now() - Date.parse(consentAt)).toBeLessThan(60_000);
    // The desk sees the same, and the account speaks the chosen language.
    const desk = await callerWith(ctx.app, staff.tokens.operator).get(`/api/households/${householdId}`);
    expect(desk.body.lessonReminders).toBe(false);
    expect(desk.body.guardians[0]).toMatchObject({
      allowSms: true,
      smsConsentSource: `portal (${guardian.user.login})`,
    });
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: guardian.user.id } })).langKey).toBe('zh-CN');

    // Saving again keeps the consent's time; withdrawing clears it.
    expect((await guardian.caller.put('/api/portal/settings', settings())).body.smsConsentAt).toBe(consentAt);
    const withdrawn = await guardian.caller.put('/api/portal/settings', settings({ allowSms: false }));
    expect(withdrawn.body).toMatchObject({ allowSms: false, smsConsentAt: null, smsConsentSource: null });
  });

  it('refuses bad input naming the field, with nothing changed', async () => {
    const before = (await guardian.caller.get('/api/portal/settings')).body;
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '', allowSms: true }, 'allowSms'],
      [{ email: '', phone: '', allowSms: false }, 'email'],
      [{ email: 'not an email' }, 'email'],
      [{ langKey: 'fr-FR' }, 'langKey'],
      [{ lessonReminders: 'yes' }, 'lessonReminders'],
    ];
    for (const [over, field] of cases) {
      const res = await guardian.caller.put('/api/portal/settings', settings(over));
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body), field).toContain(field);
    }
    expect((await guardian.caller.get('/api/portal/settings')).body).toEqual(before);
  });

  it('is the guardian’s alone: staff 403, nobody 401', async () => {
    for (const token of [staff.tokens.admin, staff.tokens.operator, staff.tokens.teacher, staff.tokens.system]) {
      expect((await callerWith(ctx.app, token).get('/api/portal/settings')).status).toBe(403);
      expect((await callerWith(ctx.app, token).put('/api/portal/settings', settings())).status).toBe(403);
    }
    expect((await request(ctx.app).get('/api/portal/settings')).status).toBe(401);
  });
});
