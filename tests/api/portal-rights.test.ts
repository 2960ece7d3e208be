// The family portal's rights (issue 21): a guardian (ROLE_CUSTOMER) is refused every endpoint but their
// own account and portal; in the portal, another household's (same centre) or another centre's child,
// lesson, ledger, feedback or receipt is 404, exactly like a missing one; staff and teachers are
// refused the portal, and no token is 401.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredEndpoints } from '../../server/http/route';
import { hasRight, PUBLIC } from '../../src/contracts/permissions';
import { portalEndpoints } from '../../src/contracts/portal';
import { createUser, signIn } from '../support/factories';
import { createHousehold } from '../support/household-factories';
import { voucherPurchaseBody } from '../support/money-factories';
import { createGuardianUser } from '../support/portal-factories';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let family: Awaited<ReturnType<typeof createGuardianUser>>;

/** A household's child with a purchase and a taught lesson with submitted feedback, as ids. */
async function familyRecords(centre: ScheduleCentre, studentIndex: number) {
  const student = centre.students[studentIndex];
  const household = await createHousehold(ctx.prisma, centre.centre.id, { studentIds: [student.id] });
  const purchase = await centre.operator.post('/api/voucher-purchases', voucherPurchaseBody(student.id));
  expect(purchase.status).toBe(201);
  const made = await centre.operator.post(
    '/api/schedules',
    classBody(centre, {
      startAt: hoursFromNow(-10 - studentIndex * 3),
      endAt: hoursFromNow(-9 - studentIndex * 3),
      students: [{ studentId: student.id, hourlyRate: '30' }],
    }),
  );
  expect(made.status).toBe(201);
  const lesson = made.body.schedule.id as number;
  expect((await centre.ann.caller.post(`/api/my-schedules/${lesson}/confirm`, {})).status).toBe(200);
  const submitted = await centre.ann.caller.post(`/api/my-schedules/${lesson}/feedback/submit`, {
    teachingContent: 'Fractions',
    studentPerformance: 'Good',
    assignment: 'Sheet 2',
    students: [{ studentId: student.id, content: 'Well done' }],
  });
  expect(submitted.status).toBe(200);
  return { household, child: student.id, lesson, purchase: purchase.body.id as number };
}

let mine: Awaited<ReturnType<typeof familyRecords>>;
let sameCentre: Awaited<ReturnType<typeof familyRecords>>;
let otherCentre: Awaited<ReturnType<typeof familyRecords>>;

beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  const other = await createScheduleCentre(ctx);
  mine = await familyRecords(c, 0);
  sameCentre = await familyRecords(c, 1);
  otherCentre = await familyRecords(other, 0);
  family = await createGuardianUser(ctx, c.centre.id, mine.household.id);
});
afterAll(() => ctx?.close());

const concrete = (path: string) => `/api${path.replace(/:\w+/g, '1')}`;
const call = (method: string, path: string, token?: string) => {
  const req = (request(ctx.app) as unknown as Record<string, (url: string) => request.Test>)[method](path);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

/** Each portal endpoint with an id, as the URL for a child, lesson and purchase. */
const portalUrls = (r: { child: number; lesson: number; purchase: number }) => [
  `/api/portal/children/${r.child}/lessons`,
  `/api/portal/children/${r.child}/ledger`,
  `/api/portal/feedback?childId=${r.child}`,
  `/api/portal/feedback/${r.lesson}/pdf`,
  `/api/portal/receipts/${r.purchase}`,
];

describe('a guardian outside the portal', () => {
  it('is refused (403) every endpoint whose right ROLE_CUSTOMER lacks', async () => {
    const refused = registeredEndpoints().filter((e) => e.right !== PUBLIC && !hasRight(['ROLE_CUSTOMER'], e.right));
    expect(refused.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const endpoint of refused) {
      const res = await call(endpoint.method, concrete(endpoint.path), family.token);
      if (res.status !== 403) wrong.push(`${endpoint.method} ${endpoint.path} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('reaches every portal endpoint (the right is portal:own, held by ROLE_CUSTOMER only)', () => {
    for (const endpoint of Object.values(portalEndpoints)) {
      expect(endpoint.right).toBe('portal:own');
      expect(registeredEndpoints()).toContain(endpoint);
    }
    expect(hasRight(['ROLE_ADMIN', 'ROLE_OPERATOR'], 'portal:own')).toBe(false);
    expect(hasRight(['ROLE_TEACHER'], 'portal:own')).toBe(false);
    expect(hasRight(['ROLE_SYSTEM'], 'portal:own')).toBe(false);
  });
});

describe('the portal', () => {
  it("answers the guardian's own child, lesson, feedback and receipt", async () => {
    for (const url of portalUrls(mine)) expect((await family.caller.get(url)).status, url).toBe(200);
  });

  it("answers 404 for another household's and another centre's records, as for missing ones", async () => {
    const missing = { child: 999_999, lesson: 999_999, purchase: 999_999 };
    for (const records of [sameCentre, otherCentre, missing]) {
      for (const url of portalUrls(records)) {
        const res = await family.caller.get(url);
        expect(res.status, url).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('Well done');
      }
    }
    // The home shows only the guardian's own child.
    const home = await family.caller.get('/api/portal/home');
    expect(home.body.children.map((k: { id: number }) => k.id)).toEqual([mine.child]);
  });

  it('answers 404 to a customer sign-in that is no guardian', async () => {
    const user = await createUser(ctx.prisma, { role: 'ROLE_CUSTOMER', organisationId: c.centre.id });
    const token = await signIn(ctx, user.login);
    expect((await call('get', '/api/portal/home', token)).status).toBe(404);
    expect((await call('get', `/api/portal/children/${mine.child}/ledger`, token)).status).toBe(404);
  });

  it('refuses staff, teachers and the platform (403), and answers 401 without a token', async () => {
    const urls = ['/api/portal/home', ...portalUrls(mine)];
    for (const token of [c.tokens.admin, c.tokens.operator, c.tokens.teacher, c.tokens.system]) {
      for (const url of urls) expect((await call('get', url, token)).status, url).toBe(403);
    }
    for (const url of urls) expect((await call('get', url)).status, url).toBe(401);
  });
});
