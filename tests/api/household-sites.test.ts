// Issue 37: households and site limits (finding 1), a student id of another site wherever one is
// accepted (finding 2), what a merge or a move takes along (finding 4) and the audit of the desk's
// household changes (finding 7). An operator limited to the North site reads a household with a child
// there, changes one whose children are all there, and gets 404 for the rest (403 for a household they
// see but whose other child is at the South site). Admins and operators without limits are unaffected.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, createTeacher, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createGuardian, createHousehold } from '../support/household-factories';
import { createLocation, createSiteOperator } from '../support/location-factories';
import { startMessagingApp } from '../support/messaging-config';
import { voucherPurchaseBody } from '../support/money-factories';
import { createGuardianUser } from '../support/portal-factories';
import { createCourseRow } from '../support/schedule-rows';
import { createStudentRecord } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

type Caller = ReturnType<typeof callerWith>;
let ctx: TestContext;
let messaging: Awaited<ReturnType<typeof startMessagingApp>>;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: Caller;
let open: Caller; // an operator without limits
let limited: Caller; // an operator limited to the North site
let limitedUserId: number;
const at = { org: 0, north: 0, south: 0, teacher: 0, course: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  // Invitations need a queue: their messages are written to files, nothing is sent.
  messaging = await startMessagingApp(ctx, { mailDir: mkdtempSync(path.join(tmpdir(), 'household-sites-')) });
  staff = await createCentreWithStaff(ctx);
  at.org = staff.centre.id;
  await ctx.prisma.organisation.update({ where: { id: at.org }, data: { timeZone: 'UTC' } });
  at.north = (await createLocation(ctx.prisma, at.org, { name: 'North' })).location.id;
  at.south = (await createLocation(ctx.prisma, at.org, { name: 'South' })).location.id;
  at.teacher = (await createTeacher(ctx.prisma, at.org)).id;
  at.course = (await createCourseRow(ctx.prisma, at.org, 'Algebra')).id;
  const operator = await createSiteOperator(ctx, at.org, [at.north]);
  limitedUserId = operator.user.id;
  admin = callerWith(messaging.app, staff.tokens.admin);
  open = callerWith(messaging.app, staff.tokens.operator);
  limited = callerWith(messaging.app, operator.token);
}, 120_000);
afterAll(async () => {
  await messaging?.stop();
  await ctx?.close();
});

let sequence = 0;
async function childAt(locationId: number) {
  const n = ++sequence;
  const child = await createStudentRecord(ctx.prisma, at.org, { firstName: `Kid${n}`, lastName: 'Park' });
  return ctx.prisma.student.update({ where: { id: child.id }, data: { locationId } });
}
/** A household with a child at each of `sites` and one guardian with an email. */
async function familyAt(sites: number[]) {
  const n = ++sequence;
  const kids = [];
  for (const site of sites) kids.push(await childAt(site));
  const household = await createHousehold(ctx.prisma, at.org, {
    name: `Family${n}`,
    studentIds: kids.map((k) => k.id),
  });
  const guardian = await createGuardian(ctx.prisma, household, { name: `Parent${n}`, email: `parent${n}@family.test` });
  return { id: household.id, kids, guardian };
}

type Call = [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object];
const send = (caller: Caller, [method, url, body = {}]: Call) =>
  method === 'GET'
    ? caller.get(url)
    : method === 'PUT'
      ? caller.put(url, body)
      : method === 'POST'
        ? caller.post(url, body)
        : caller.delete(url);
const takeover = { name: 'Desk person', email: 'desk.person@levelup.test' };

/** Every household route on household `h` (guardian `g`), and merges and moves with the caller's own `mine`. */
function householdCalls(h: number, g: number, mine: { id: number; kids: { id: number }[] }): [string, Call][] {
  return [
    ['update', ['PUT', `/api/households/${h}`, { name: 'Taken' }]],
    ['add a guardian', ['POST', `/api/households/${h}/guardians`, takeover]],
    ['change a guardian', ['PUT', `/api/households/${h}/guardians/${g}`, takeover]],
    ['remove a guardian', ['DELETE', `/api/households/${h}/guardians/${g}`]],
    ['invite', ['POST', `/api/households/${h}/guardians/${g}/invitation`, { channel: 'EMAIL' }]],
    ['revoke an invitation', ['DELETE', `/api/households/${h}/guardians/${g}/invitation`]],
    ['end portal access', ['DELETE', `/api/households/${h}/guardians/${g}/portal`]],
    ['merge it into their own', ['POST', `/api/households/${mine.id}/merge`, { householdId: h }]],
    ['merge their own into it', ['POST', `/api/households/${h}/merge`, { householdId: mine.id }]],
    ['move their own student in', ['POST', `/api/households/${h}/students`, { studentId: mine.kids[0].id }]],
  ];
}

/** What the refused calls must leave as it was. */
const stateOf = async (id: number) => ({
  household: await ctx.prisma.household.findUnique({ where: { id } }),
  guardians: await ctx.prisma.guardian.findMany({ where: { householdId: id }, orderBy: { id: 'asc' } }),
  students: await ctx.prisma.student.findMany({ where: { householdId: id }, select: { id: true } }),
  invitations: await ctx.prisma.guardianInvitation.count({ where: { guardian: { householdId: id } } }),
  audit: await ctx.prisma.auditEvent.count({ where: { entityType: 'HOUSEHOLD', entityId: id } }),
});

describe('finding 1: households of another site', () => {
  it('are not found for a site-limited operator, whatever the operation; nothing changes', async () => {
    const south = await familyAt([at.south]);
    const mine = await familyAt([at.north]);
    const [before, mineBefore] = [await stateOf(south.id), await stateOf(mine.id)];
    expect((await limited.get(`/api/households/${south.id}`)).status).toBe(404);
    for (const [what, call] of householdCalls(south.id, south.guardian.id, mine)) {
      const res = await send(limited, call);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(south.guardian.email);
    }
    expect(await stateOf(south.id)).toEqual(before);
    expect(await stateOf(mine.id)).toEqual(mineBefore);
    expect((await open.get(`/api/households/${south.id}`)).status).toBe(200);
    expect((await admin.get(`/api/households/${south.id}`)).status).toBe(200);
  });

  it('a household with a child at each site: read, but not changed (403 naming the rule)', async () => {
    const mixed = await familyAt([at.north, at.south]);
    const mine = await familyAt([at.north]);
    const [before, mineBefore] = [await stateOf(mixed.id), await stateOf(mine.id)];
    const read = await limited.get(`/api/households/${mixed.id}`);
    expect(read.status).toBe(200);
    expect(read.body.students).toHaveLength(2);
    const listed = (await limited.get('/api/households', { q: read.body.name })).body.data as { id: number }[];
    expect(listed.map((h) => h.id)).toEqual([mixed.id]);
    const calls: [string, Call][] = [
      ...householdCalls(mixed.id, mixed.guardian.id, mine),
      // Their own site's child of the mixed household, moved out of it.
      ['move its North child out', ['POST', `/api/households/${mine.id}/students`, { studentId: mixed.kids[0].id }]],
    ];
    for (const [what, call] of calls) {
      const res = await send(limited, call);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.errorKey).toBe('householdsites');
      expect(res.body.errorMessage).toMatch(/site you do not manage/);
    }
    const zh = await limited.put(`/api/households/${mixed.id}`, { name: 'Taken' }).set('Accept-Language', 'zh-CN');
    expect(zh.body.errorMessage).toContain('您不负责的校区');
    expect(await stateOf(mixed.id)).toEqual(before);
    expect(await stateOf(mine.id)).toEqual(mineBefore);
    // An admin and an operator without limits change it.
    expect((await open.put(`/api/households/${mixed.id}`, { name: 'Renamed' })).status).toBe(200);
    expect(
      (await admin.post(`/api/households/${mixed.id}/guardians`, { name: 'Gran', email: 'g@f.test' })).status,
    ).toBe(201);
  });

  it("changes the households of the operator's own site as before", async () => {
    const mine = await familyAt([at.north, at.north]);
    const sibling = await familyAt([at.north]);
    expect((await limited.put(`/api/households/${mine.id}`, { name: 'Park-Lee' })).status).toBe(200);
    const added = await limited.post(`/api/households/${mine.id}/guardians`, { name: 'Gran', email: 'gran@f.test' });
    expect(added.status).toBe(201);
    const changed = await limited.put(`/api/households/${mine.id}/guardians/${mine.guardian.id}`, {
      name: 'Parent',
      email: 'new@f.test',
    });
    expect(changed.status).toBe(200);
    const merged = await limited.post(`/api/households/${mine.id}/merge`, { householdId: sibling.id });
    expect(merged.status).toBe(200);
    expect(merged.body.students).toHaveLength(3);
    const invited = await limited.post(`/api/households/${mine.id}/guardians/${mine.guardian.id}/invitation`, {
      channel: 'EMAIL',
    });
    expect(invited.status).toBe(201);
  });
});

describe('finding 2: a student of another site wherever a student id is accepted', () => {
  let slot = 0;
  /** A class body at `locationId`, Monday 1 March 2027 at a new hour each time (no clash between them). */
  const classBody = (studentIds: number[], locationId = at.north, over: object = {}) => {
    slot += 1;
    return {
      courseType: studentIds.length === 1 ? 'ONE_ON_ONE' : 'GROUP',
      courseId: at.course,
      teacherId: at.teacher,
      locationId,
      startAt: new Date(Date.UTC(2027, 2, 1, slot)).toISOString(),
      endAt: new Date(Date.UTC(2027, 2, 1, slot, 45)).toISOString(),
      paymentType: 'CASH',
      students: studentIds.map((studentId) => ({ studentId })),
      ...over,
    };
  };
  /** The same, repeated on Mondays (the centre's zone is UTC here) three times. */
  const weekly = (studentId: number) => {
    const body = classBody([studentId]);
    const time = (instant: string) => instant.slice(11, 16);
    return {
      ...body,
      repeat: { slots: [{ weekday: 1, startTime: time(body.startAt), endTime: time(body.endAt) }], count: 3 },
    };
  };

  it('is not found for a site-limited operator; their own site works; nothing is made', async () => {
    const north = await childAt(at.north);
    const south = await childAt(at.south);
    const made = await admin.post('/api/schedules', classBody([north.id]));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const classId = made.body.schedule.id as number;
    const southClass = (await admin.post('/api/schedules', classBody([south.id], at.south))).body.schedule.id;
    const purchase = await admin.post('/api/voucher-purchases', voucherPurchaseBody(south.id));
    expect(purchase.status).toBe(201);
    const range = { from: '2026-01-01', to: '2026-12-31' };
    const cases: [string, (id: number) => Call, number, number][] = [
      ['a class', (id) => ['POST', '/api/schedules', classBody([id])], 404, 201],
      ['a weekly series', (id) => ['POST', '/api/schedules', weekly(id)], 404, 201],
      [
        'a student added to a class',
        (id) => ['PUT', `/api/schedules/${classId}`, classBody([north.id, id], at.north, { courseType: 'GROUP' })],
        404,
        200,
      ],
      [
        "the purchase history's student",
        (id) => ['GET', `/api/reports/purchase-history?from=${range.from}&to=${range.to}&studentId=${id}`],
        400,
        200,
      ],
      [
        "the purchase history download's student",
        (id) => ['GET', `/api/reports/purchase-history/download?from=${range.from}&to=${range.to}&studentId=${id}`],
        400,
        200,
      ],
      ["a student's history", (id) => ['GET', `/api/audit/STUDENT/${id}`], 404, 200],
    ];
    const classes = await ctx.prisma.schedule.count();
    for (const [what, call, refused] of cases) {
      const res = await send(limited, call(south.id));
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(refused);
      if (refused === 400) expect(fieldsOf(res.body)).toEqual(['studentId']);
      expect(JSON.stringify(res.body)).not.toContain(south.firstName);
    }
    expect(await ctx.prisma.schedule.count()).toBe(classes);
    const kept = await ctx.prisma.scheduleStudent.findMany({ where: { scheduleId: classId } });
    expect(kept.map((s) => s.studentId)).toEqual([north.id]);
    // The histories of another site's class and purchase.
    expect((await limited.get(`/api/audit/SCHEDULE/${southClass}`)).status).toBe(404);
    expect((await limited.get(`/api/audit/VOUCHER_PURCHASE/${purchase.body.id}`)).status).toBe(404);
    expect((await admin.get(`/api/audit/VOUCHER_PURCHASE/${purchase.body.id}`)).status).toBe(200);
    // The same with a student of their own site.
    const own = await childAt(at.north);
    for (const [what, call, , allowed] of cases) {
      const res = await send(limited, call(own.id));
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(allowed);
    }
  });

  it('keeps a student of another site whom an admin enrolled when the operator edits the class', async () => {
    const north = await childAt(at.north);
    const south = await childAt(at.south);
    const body = classBody([north.id, south.id], at.north, { courseType: 'GROUP' });
    const made = await admin.post('/api/schedules', body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const edited = await limited.put(`/api/schedules/${made.body.schedule.id}`, { ...body, comments: 'Bring a ruler' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  });
});

describe('finding 4: what a merge or a move takes along', () => {
  /** A paid card top-up of `household` for `studentId`, as the portal's Checkout records one. */
  const topUp = (householdId: number, studentId: number) =>
    ctx.prisma.cardTopUp.create({
      data: {
        organisationId: at.org,
        householdId,
        studentId,
        kind: 'CHECKOUT',
        status: 'PAID',
        amount: '100.00',
        currency: 'CAD',
        stripeAccountId: 'acct_test',
        paidAt: new Date(),
      },
    });
  const erasure = (householdId: number, status: 'REQUESTED' | 'COMPLETED' | 'CANCELLED') =>
    ctx.prisma.erasureRequest.create({ data: { organisationId: at.org, householdId, status } });
  const household = (id: number) => ctx.prisma.household.findUnique({ where: { id } });

  it('merges a household with card top-ups, a withdrawn erasure request, untold lesson changes, messages, notes, feed and card', async () => {
    const kept = await familyAt([at.north]);
    const other = await familyAt([at.south]);
    await ctx.prisma.household.update({ where: { id: kept.id }, data: { comments: 'Kept notes' } });
    await ctx.prisma.household.update({
      where: { id: other.id },
      data: {
        comments: 'Other notes',
        calendarToken: `merge-feed-${other.id}`,
        stripeCustomerId: 'cus_other',
        paymentMethodId: 'pm_other',
        cardBrand: 'visa',
        cardLast4: '4242',
        cardExpMonth: 12,
        cardExpYear: 2030,
        autoTopUp: true,
        autoTopUpFloor: '20.00',
        autoTopUpAmount: '100.00',
      },
    });
    const paid = await topUp(other.id, other.kids[0].id);
    const withdrawn = await erasure(other.id, 'CANCELLED');
    const message = await ctx.prisma.message.create({
      data: {
        organisationId: at.org,
        channel: 'EMAIL',
        recipient: other.guardian.email ?? '',
        template: 'statement',
        bodyText: 'Statement',
        idempotencyKey: `merge-message-${other.id}`,
        entityType: 'HOUSEHOLD',
        entityId: other.id,
      },
    });
    const notice = await ctx.prisma.notice.create({
      data: {
        organisationId: at.org,
        userId: staff.admin.id,
        type: 'AUTO_TOP_UP_FAILED',
        entityType: 'HOUSEHOLD',
        entityId: other.id,
        key: `merge-notice-${other.id}`,
      },
    });
    // A class change waiting for the family's digest (the job sends it minutes later).
    const untold = await ctx.prisma.familyLessonChange.create({
      data: {
        organisationId: at.org,
        householdId: other.id,
        studentId: other.kids[0].id,
        scheduleId: 0,
        facts: { kind: 'CANCELLED' },
      },
    });
    const merged = await admin.post(`/api/households/${kept.id}/merge`, { householdId: other.id });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(await household(other.id)).toBeNull();
    const change = await ctx.prisma.familyLessonChange.findUnique({ where: { id: untold.id } });
    expect(change?.householdId).toBe(kept.id);
    expect((await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: paid.id } })).householdId).toBe(kept.id);
    expect((await ctx.prisma.erasureRequest.findUniqueOrThrow({ where: { id: withdrawn.id } })).householdId).toBe(
      kept.id,
    );
    expect((await ctx.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).entityId).toBe(kept.id);
    expect((await ctx.prisma.notice.findUniqueOrThrow({ where: { id: notice.id } })).entityId).toBe(kept.id);
    const now = await household(kept.id);
    expect(now).toMatchObject({
      comments: 'Kept notes\n\nOther notes',
      calendarToken: `merge-feed-${other.id}`,
      stripeCustomerId: 'cus_other',
      paymentMethodId: 'pm_other',
      cardLast4: '4242',
      autoTopUp: true,
    });
    expect(now?.autoTopUpFloor?.toFixed(2)).toBe('20.00');
  });

  it('refuses a merge or a move while an erasure request is open, or of an erased household (409, nothing moves)', async () => {
    const asked = await familyAt([at.north]);
    const erased = await familyAt([at.north]);
    const plain = await familyAt([at.north, at.north]);
    await erasure(asked.id, 'REQUESTED');
    await erasure(erased.id, 'COMPLETED');
    await ctx.prisma.household.update({ where: { id: erased.id }, data: { erasedAt: new Date() } });
    const before = await Promise.all([asked.id, erased.id, plain.id].map(stateOf));
    const cases: [Call, string][] = [
      [['POST', `/api/households/${plain.id}/merge`, { householdId: asked.id }], 'erasureopen'],
      [['POST', `/api/households/${asked.id}/merge`, { householdId: plain.id }], 'erasureopen'],
      [['POST', `/api/households/${plain.id}/students`, { studentId: asked.kids[0].id }], 'erasureopen'],
      [['POST', `/api/households/${asked.id}/students`, { studentId: plain.kids[0].id }], 'erasureopen'],
      [['POST', `/api/households/${plain.id}/merge`, { householdId: erased.id }], 'householderased'],
      [['POST', `/api/households/${plain.id}/students`, { studentId: erased.kids[0].id }], 'householderased'],
    ];
    for (const [call, errorKey] of cases) {
      const res = await send(admin, call);
      expect(res.status, `${call[1]}: ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body.errorKey).toBe(errorKey);
    }
    const zh = await admin
      .post(`/api/households/${plain.id}/merge`, { householdId: asked.id })
      .set('Accept-Language', 'zh-CN');
    expect(zh.body.errorMessage).toContain('删除其数据');
    expect(await Promise.all([asked.id, erased.id, plain.id].map(stateOf))).toEqual(before);
  });

  it("moves a student without the household's money; its last student stays while it holds such records", async () => {
    const paying = await familyAt([at.north, at.north]);
    const other = await familyAt([at.north]);
    const paid = await topUp(paying.id, paying.kids[0].id);
    const moved = await admin.post(`/api/households/${other.id}/students`, { studentId: paying.kids[0].id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The payment stays with the household that paid, whichever child it was for.
    expect((await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: paid.id } })).householdId).toBe(paying.id);
    const last = await admin.post(`/api/households/${other.id}/students`, { studentId: paying.kids[1].id });
    expect(last.status, JSON.stringify(last.body)).toBe(409);
    expect(last.body.errorKey).toBe('householdrecords');
    expect((await ctx.prisma.student.findUniqueOrThrow({ where: { id: paying.kids[1].id } })).householdId).toBe(
      paying.id,
    );
    const withdrew = await familyAt([at.north]);
    await erasure(withdrew.id, 'CANCELLED');
    const out = await admin.post(`/api/households/${other.id}/students`, { studentId: withdrew.kids[0].id });
    expect(out.status).toBe(409);
    expect(out.body.errorKey).toBe('householdrecords');
    expect(await household(withdrew.id)).not.toBeNull();
    // Merging it instead takes everything along.
    expect((await admin.post(`/api/households/${other.id}/merge`, { householdId: paying.id })).status).toBe(200);
    expect((await ctx.prisma.cardTopUp.findUniqueOrThrow({ where: { id: paid.id } })).householdId).toBe(other.id);
  });

  it("removes a household left without students and ends its guardians' portal sign-ins", async () => {
    const leaving = await familyAt([at.north]);
    const staying = await familyAt([at.north]);
    const signedIn = await createGuardianUser(ctx, at.org, leaving.id, { name: 'Signed In' });
    expect((await signedIn.caller.get('/api/portal/home')).status).toBe(200);
    const moved = await admin.post(`/api/households/${staying.id}/students`, { studentId: leaving.kids[0].id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await household(leaving.id)).toBeNull();
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: signedIn.user.id } })).activated).toBe(false);
    expect((await signedIn.caller.get('/api/portal/home')).status).toBe(401);
  });
});

describe("finding 7: the desk's household changes are audited", () => {
  type Event = { action: string; actorId: number | null; before: unknown; after: unknown };
  const events = (id: number) =>
    ctx.prisma.auditEvent.findMany({ where: { entityType: 'HOUSEHOLD', entityId: id }, orderBy: { id: 'asc' } });
  /** The events `call` wrote about household `id`. */
  async function audited(caller: Caller, call: Call, id: number, status: number): Promise<Event[]> {
    const before = (await events(id)).length;
    const res = await send(caller, call);
    expect(res.status, `${call[0]} ${call[1]}: ${JSON.stringify(res.body)}`).toBe(status);
    return (await events(id)).slice(before) as Event[];
  }

  it('records renames, guardians added, changed and removed, invitations, revocations and ended access', async () => {
    const family = await familyAt([at.north]);
    const h = `/api/households/${family.id}`;
    const [renamed] = await audited(limited, ['PUT', h, { name: 'Moreau', comments: 'Pays by card' }], family.id, 200);
    expect(renamed).toMatchObject({
      action: 'UPDATE',
      actorId: limitedUserId,
      before: { name: expect.stringMatching(/^Family/), comments: null },
      after: { name: 'Moreau', comments: 'Pays by card' },
    });
    const gran = { name: 'Gran Moreau', email: 'gran@moreau.test', relationship: 'Grandmother' };
    const [added] = await audited(admin, ['POST', `${h}/guardians`, gran], family.id, 201);
    expect(added).toMatchObject({
      action: 'UPDATE',
      before: { guardians: [] },
      after: {
        guardians: [
          { guardian: 'Gran Moreau', email: 'gran@moreau.test', relationship: 'Grandmother', portal: 'NONE' },
        ],
      },
    });
    const granId = (await ctx.prisma.guardian.findFirstOrThrow({ where: { email: 'gran@moreau.test' } })).id;
    const [changed] = await audited(
      admin,
      ['PUT', `${h}/guardians/${granId}`, { ...gran, email: 'gran2@moreau.test' }],
      family.id,
      200,
    );
    expect(changed).toMatchObject({
      before: { guardians: [{ guardian: 'Gran Moreau', email: 'gran@moreau.test' }] },
      after: { guardians: [{ guardian: 'Gran Moreau', email: 'gran2@moreau.test' }] },
    });
    expect(Object.keys((changed.after as { guardians: object[] }).guardians[0]).sort()).toEqual(['email', 'guardian']);
    const invitation = `${h}/guardians/${family.guardian.id}/invitation`;
    const [invited] = await audited(admin, ['POST', invitation, { channel: 'EMAIL' }], family.id, 201);
    expect(invited).toMatchObject({
      before: { guardians: [{ portal: 'NONE', invitation: null, invitedAt: null }] },
      after: { guardians: [{ portal: 'INVITED', invitation: 'EMAIL', invitedAt: expect.any(String) }] },
    });
    const [revoked] = await audited(admin, ['DELETE', invitation], family.id, 200);
    expect(revoked).toMatchObject({
      before: { guardians: [{ portal: 'INVITED' }] },
      after: { guardians: [{ portal: 'NONE' }] },
    });
    const signedIn = await createGuardianUser(ctx, at.org, family.id, { name: 'Luc Moreau' });
    const [ended] = await audited(admin, ['DELETE', `${h}/guardians/${signedIn.guardian.id}/portal`], family.id, 200);
    expect(ended).toMatchObject({
      before: { guardians: [{ guardian: 'Luc Moreau', portal: 'ACTIVE' }] },
      after: { guardians: [{ guardian: 'Luc Moreau', portal: 'ENDED' }] },
    });
    const [removed] = await audited(admin, ['DELETE', `${h}/guardians/${granId}`], family.id, 200);
    expect(removed).toMatchObject({ before: { guardians: [{ guardian: 'Gran Moreau' }] }, after: { guardians: [] } });
    // Nothing of the invitation's secret, where it went, the sign-in's login or the consent's stamp.
    const all = JSON.stringify(await events(family.id));
    for (const kept of ['sentTo', 'tokenHash', 'login', 'smsConsent', 'key=']) expect(all, kept).not.toContain(kept);
    expect(all).not.toContain(signedIn.user.login);
    // The household's history: for the desk, with its name; not for another site's operator.
    const history = await admin.get(`/api/audit/HOUSEHOLD/${family.id}`);
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(7);
    expect(history.body.data[0].label).toBe('Moreau');
    const south = await familyAt([at.south]);
    await admin.put(`/api/households/${south.id}`, { name: 'Sud' });
    expect((await limited.get(`/api/audit/HOUSEHOLD/${south.id}`)).status).toBe(404);
    expect((await limited.get(`/api/audit/HOUSEHOLD/${family.id}`)).status).toBe(200);
  });

  it('records a merge, a move and a household made for a student', async () => {
    const kept = await familyAt([at.north]);
    const other = await familyAt([at.north, at.north]);
    const [moveIn, moveOut] = await (async () => {
      const res = await admin.post(`/api/households/${kept.id}/students`, { studentId: other.kids[1].id });
      expect(res.status).toBe(200);
      return [(await events(kept.id)).at(-1), (await events(other.id)).at(-1)] as Event[];
    })();
    const moved = `${other.kids[1].firstName} Park (${other.kids[1].studentId})`;
    expect(moveIn).toMatchObject({ action: 'UPDATE' });
    expect((moveIn.after as { students: string[] }).students).toContain(moved);
    expect((moveOut.before as { students: string[] }).students).toContain(moved);
    expect((moveOut.after as { students: string[] }).students).not.toContain(moved);
    const before = (await events(kept.id)).length;
    expect((await admin.post(`/api/households/${kept.id}/merge`, { householdId: other.id })).status).toBe(200);
    const [merged] = (await events(kept.id)).slice(before) as Event[];
    expect(merged).toMatchObject({
      action: 'UPDATE',
      after: { guardians: [{ guardian: other.guardian.name, email: other.guardian.email }] },
    });
    expect((merged.after as { students: string[] }).students).toHaveLength(3);
    const [gone] = (await events(other.id)).slice(-1) as Event[];
    expect(gone).toMatchObject({ action: 'DELETE', after: null, before: { name: expect.any(String) } });
    const alone = await childAt(at.north);
    const created = await admin.post('/api/households', { studentId: alone.id });
    expect(created.status).toBe(201);
    expect(await events(created.body.id)).toMatchObject([
      { action: 'CREATE', before: null, after: { students: [`${alone.firstName} Park (${alone.studentId})`] } },
    ]);
  });
});
