import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, createTeacher } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Issue 19: a new student or teacher like an existing one (same name, email or phone) is warned about.
let ctx: TestContext;
let admin: ReturnType<typeof callerWith>;
let otherAdmin: ReturnType<typeof callerWith>;
let hannah: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const first = await createCentreWithStaff(ctx);
  const second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  otherAdmin = callerWith(ctx.app, second.tokens.admin);
  const student = (body: object, caller = admin) =>
    caller.post('/api/students', body).then((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as number;
    });
  hannah = await student({
    studentId: 'LU-0001',
    firstName: 'Hannah',
    lastName: 'Gagnon',
    email: 'Hannah.G@example.test',
    phone: '(416) 555-0199',
  });
  await student({ studentId: 'LU-0002', firstName: 'Hélène', lastName: 'Roy' });
  await student({ studentId: 'X-1', firstName: 'Hannah', lastName: 'Gagnon' }, otherAdmin);
  await createTeacher(ctx.prisma, first.centre.id, { firstName: 'Mira', lastName: 'Patel' });
  await createTeacher(ctx.prisma, first.centre.id, { firstName: 'Gone', lastName: 'Away', deleted: true });
});
afterAll(() => ctx.close());

describe('GET /api/students/similar', () => {
  it('finds the same name (case and accents aside), email or phone digits, in the own centre only', async () => {
    const byName = await admin.get('/api/students/similar', { firstName: 'hannah', lastName: 'GAGNON' });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual([{ id: hannah, label: 'Hannah Gagnon (LU-0001)', matches: ['name'] }]);
    const accents = await admin.get('/api/students/similar', { firstName: 'Helene', lastName: 'roy' });
    expect(accents.body.map((s: { label: string }) => s.label)).toEqual(['Hélène Roy (LU-0002)']);
    const byContact = await admin.get('/api/students/similar', {
      firstName: 'Anna',
      lastName: 'Other',
      email: 'hannah.g@EXAMPLE.test',
      phone: '416 555 0199',
    });
    expect(byContact.body).toEqual([{ id: hannah, label: 'Hannah Gagnon (LU-0001)', matches: ['email', 'phone'] }]);
  });

  it('finds nothing for a new person, a first name alone or a short phone', async () => {
    const queries: Record<string, string>[] = [
      { firstName: 'Nia', lastName: 'New', email: 'nia@example.test', phone: '555-0100' },
      { firstName: 'Hannah' },
      { phone: '0199' },
      {},
    ];
    for (const query of queries) {
      expect((await admin.get('/api/students/similar', query)).body, JSON.stringify(query)).toEqual([]);
    }
  });
});

describe('GET /api/teachers/similar', () => {
  it('finds a teacher of the same name, not a deleted one', async () => {
    const res = await admin.get('/api/teachers/similar', { firstName: 'mira', lastName: 'patel' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject([{ label: 'Mira Patel', matches: ['name'] }]);
    expect((await admin.get('/api/teachers/similar', { firstName: 'Gone', lastName: 'Away' })).body).toEqual([]);
    expect((await otherAdmin.get('/api/teachers/similar', { firstName: 'Mira', lastName: 'Patel' })).body).toEqual([]);
  });
});
