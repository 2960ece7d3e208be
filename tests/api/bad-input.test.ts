import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registeredEndpoints } from '../../server/http/route';
import type { Endpoint } from '../../src/contracts/endpoint';
import { createCentreWithStaff, tokenWithRight } from '../support/factories';
import { withGuardianToken } from '../support/portal-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Client input must never produce a 5xx: every case here was a 500 once (issue 6, section 3).
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof withGuardianToken<Awaited<ReturnType<typeof createCentreWithStaff>>>>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await withGuardianToken(ctx, await createCentreWithStaff(ctx));
});
afterAll(() => ctx.close());

/** A token that holds the endpoint's right, so the request reaches validation. */
const tokenFor = (endpoint: Endpoint) => tokenWithRight(staff, endpoint.right);

function call(endpoint: Endpoint, path: string) {
  const agent = request(ctx.app);
  return agent[endpoint.method](`/api${path}`).set('Authorization', `Bearer ${tokenFor(endpoint)}`);
}

type Reply = Awaited<ReturnType<typeof call>>;
function expectFieldError(res: Reply, field: string, label: string) {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.success, label).toBe(false);
  const fields = (res.body.fieldErrors ?? []).map((f: { field: string }) => f.field);
  expect(fields, `${label}: ${JSON.stringify(res.body)}`).toContain(field);
}

// Not canonical positive integers that fit PostgreSQL's int4 (the path is URL-encoded as sent).
const badIds = ['2147483648', '99999999999999999999', 'true', '0x1', '%201%20', '01', '1.0', '1e3', '-1', '0'];
const withIdInPath = () => registeredEndpoints().filter((e) => e.path.includes(':id'));

describe('ids in paths', () => {
  it('covers the record routes', () => {
    expect(withIdInPath().length).toBeGreaterThanOrEqual(20);
  });

  it('answers 400 naming `id` for every id that is not a canonical int4 on every route', async () => {
    for (const endpoint of withIdInPath()) {
      for (const id of badIds) {
        const res = await call(endpoint, endpoint.path.replace(':id', id)).send({});
        expectFieldError(res, 'id', `${endpoint.method} ${endpoint.path} id=${id}`);
      }
    }
  });

  it('answers 400 for a path that is not valid percent-encoding', async () => {
    const res = await request(ctx.app)
      .get('/api/students/%E0%A4%A')
      .set('Authorization', `Bearer ${staff.tokens.admin}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: 'validation' });
  });

  it('still accepts the largest int4 (a plain 404)', async () => {
    const res = await call(withIdInPath()[0], withIdInPath()[0].path.replace(':id', '2147483647'));
    expect(res.status).toBeLessThan(500);
    const student = await request(ctx.app)
      .get('/api/students/2147483647')
      .set('Authorization', `Bearer ${staff.tokens.admin}`);
    expect(student.status).toBe(404);
  });
});

describe('ids in bodies and filters', () => {
  const admin = () => `Bearer ${staff.tokens.admin}`;
  const bodies: [string, string, Record<string, unknown>, string][] = [
    ['post', '/api/students', { referrerId: 2147483648 }, 'referrerId'],
    ['post', '/api/students', { referrerId: true }, 'referrerId'],
    ['post', '/api/students/deactivate', { ids: [2147483648] }, 'ids.0'],
    ['post', '/api/students/deactivate', { ids: ['0x1'] }, 'ids.0'],
    ['post', '/api/students/deactivate', { ids: [[1]] }, 'ids.0'],
    ['post', '/api/courses', { name: 'Maths', teacherIds: [2147483648] }, 'teacherIds.0'],
    ['post', '/api/terms', { courseId: ' 1 ' }, 'courseId'],
    ['post', '/api/terms', { courseId: 1.5 }, 'courseId'],
    ['post', '/api/term-registers', { termId: 2147483648 }, 'termId'],
    ['post', '/api/referrals', { referrerId: 2147483648 }, 'referrerId'],
    ['post', '/api/referrals', { referrerId: '0x1' }, 'referrerId'],
  ];
  it('refuses out-of-range and non-canonical ids in bodies', async () => {
    for (const [method, path, body, field] of bodies) {
      const res = await request(ctx.app).post(path).set('Authorization', admin()).send(body);
      expectFieldError(res, field, `${method} ${path} ${JSON.stringify(body)}`);
    }
  });

  const filters: [string, string][] = [
    ['/api/students?referrerId=2147483648', 'referrerId'],
    ['/api/referrals?referrerId=2147483648', 'referrerId'],
    ['/api/referrals?studentId=true', 'studentId'],
    ['/api/teachers?courseId=2147483648', 'courseId'],
    ['/api/terms?courseId=2147483648', 'courseId'],
    ['/api/terms/options?courseId=0x1', 'courseId'],
    ['/api/term-registers?studentId=2147483648', 'studentId'],
    ['/api/term-registers?termId=01', 'termId'],
    ['/api/students?current=99999999999999999999', 'current'],
  ];
  it('refuses them in list filters', async () => {
    for (const [url, field] of filters) {
      const res = await request(ctx.app).get(url).set('Authorization', admin());
      expectFieldError(res, field, url);
    }
  });
});

describe('NUL characters', () => {
  it('refuses a NUL in any body string, naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/referrers', { name: 'a\u0000b' }, 'name'],
      ['/api/students', { studentId: 'S1', firstName: 'A\u0000', lastName: 'B' }, 'firstName'],
      ['/api/courses', { name: 'Maths', description: 'x\u0000' }, 'description'],
      ['/api/students/deactivate', { ids: [1], note: ['\u0000'] }, 'note.0'],
    ];
    for (const [path, body, field] of cases) {
      const res = await request(ctx.app).post(path).set('Authorization', `Bearer ${staff.tokens.admin}`).send(body);
      expectFieldError(res, field, `${path} ${JSON.stringify(body)}`);
    }
  });

  it('refuses a NUL in an imported cell without a 5xx', async () => {
    const csv = 'Student ID,First Name,Last Name\nN-1,A\u0000da,Lovelace\n';
    for (const dryRun of ['true', 'false']) {
      const res = await request(ctx.app)
        .post('/api/students/import')
        .query({ dryRun })
        .set('Authorization', `Bearer ${staff.tokens.admin}`)
        .set('Content-Type', 'text/csv')
        .send(csv);
      expectFieldError(res, 'file', `import dryRun=${dryRun}`);
      expect(res.body.fieldErrors[0].message).toMatch(/Row 2, column 2: .*NUL/);
    }
    expect(await ctx.prisma.student.count({ where: { studentId: 'N-1' } })).toBe(0);
  });

  it('refuses a NUL in a username and a password', async () => {
    const login = await request(ctx.app).post('/api/authenticate').send({ username: 'ad\u0000min', password: 'x' });
    expectFieldError(login, 'username', 'username');
    const register = await request(ctx.app)
      .post('/api/register')
      .send({ login: 'new\u0000', email: 'a@b.test', password: 'secret1', organisationName: 'C' });
    expectFieldError(register, 'login', 'register login');
  });

  it('refuses a NUL in q= on every list', async () => {
    const lists = registeredEndpoints().filter((e) => e.method === 'get' && !e.path.includes(':') && e.query);
    expect(lists.length).toBeGreaterThanOrEqual(8);
    for (const endpoint of lists) {
      const res = await call(endpoint, `${endpoint.path}?q=a%00b`);
      expectFieldError(res, 'q', `${endpoint.path}?q=a%00b`);
    }
  });
});

describe('odd list queries', () => {
  const odd = [
    'sortField=bogus',
    'sortField=__proto__',
    'sortOrder=sideways',
    'current=0',
    'current=1e400',
    'pageSize=100000',
    'q=a&q=b',
    'active=maybe',
    'from=2026-13-01',
  ];
  it('never answer 5xx on any list', async () => {
    const lists = registeredEndpoints().filter((e) => e.method === 'get' && !e.path.includes(':') && e.query);
    for (const endpoint of lists) {
      for (const query of odd) {
        const res = await call(endpoint, `${endpoint.path}?${query}`);
        expect(res.status, `${endpoint.path}?${query}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }
    }
  });
});

describe('dates PostgreSQL or JavaScript cannot hold', () => {
  const dates = ['0000-01-01', '10000-01-01', '2026-02-30', '+02026-01-01', '-0001-01-01'];
  it('refuses them in bodies', async () => {
    for (const date of dates) {
      const res = await request(ctx.app)
        .post('/api/students')
        .set('Authorization', `Bearer ${staff.tokens.admin}`)
        .send({ studentId: `S-${date}`, firstName: 'A', lastName: 'B', startDate: date });
      expectFieldError(res, 'startDate', `startDate ${date}`);
    }
  });

  it('refuses them in filters', async () => {
    for (const url of ['/api/term-registers?from=0000-01-01', '/api/terms?to=0000-01-01']) {
      const res = await request(ctx.app).get(url).set('Authorization', `Bearer ${staff.tokens.admin}`);
      expectFieldError(res, url.includes('from') ? 'from' : 'to', url);
    }
    const res = await request(ctx.app)
      .get('/api/students?startDateFrom=0000-01-01')
      .set('Authorization', `Bearer ${staff.tokens.admin}`);
    expectFieldError(res, 'startDateFrom', 'startDateFrom');
  });

  it('refuses years outside 1900-2199 with the field named, and keeps both ends of that range', async () => {
    const res = await request(ctx.app)
      .get('/api/students?startDateFrom=0001-01-01&startDateTo=9999-12-31')
      .set('Authorization', `Bearer ${staff.tokens.admin}`);
    expectFieldError(res, 'startDateFrom', 'startDateFrom 0001');
    expectFieldError(res, 'startDateTo', 'startDateTo 9999');
    const ends = await request(ctx.app)
      .get('/api/students?startDateFrom=1900-01-01&startDateTo=2199-12-31')
      .set('Authorization', `Bearer ${staff.tokens.admin}`);
    expect(ends.status).toBe(200);
  });
});

/** The date and date-time fields of a query or body schema (top level, and one level into objects and arrays). */
function dateFields(schema: z.ZodType | undefined): { path: string[]; format: 'date' | 'date-time' | 'month' }[] {
  if (!schema) return [];
  type Json = { format?: string; type?: string; properties?: Record<string, Json>; items?: Json; anyOf?: Json[] };
  const found: { path: string[]; format: 'date' | 'date-time' | 'month' }[] = [];
  const visit = (node: Json | undefined, path: string[], depth: number) => {
    if (!node) return;
    if (node.format === 'date' || node.format === 'date-time' || node.format === 'month')
      found.push({ path, format: node.format });
    for (const option of node.anyOf ?? []) visit(option, path, depth);
    if (depth > 1) return;
    for (const [key, child] of Object.entries(node.properties ?? {})) visit(child, [...path, key], depth + 1);
    if (node.items) visit(node.items, [...path, '0'], depth + 1);
  };
  visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json, [], 0);
  return found;
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown) {
  let at: Record<string, unknown> = target;
  path.slice(0, -1).forEach((key, i) => {
    at[key] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
    at = at[key] as Record<string, unknown>;
  });
  at[path[path.length - 1]] = value;
}

describe('every date field and query at the edges (issue 20, finding 3)', () => {
  const edges = {
    month: ['0001-01', '9999-12', '1899-12', '2200-01'],
    date: ['0001-01-01', '9999-12-31', '1899-12-31', '2200-01-01'],
    'date-time': ['0001-01-01T10:00Z', '9999-12-31T23:00-05:00', '1899-12-31T23:59Z', '2200-01-01T00:00Z'],
  };
  const withDates = () =>
    registeredEndpoints().flatMap((endpoint) => [
      ...dateFields(endpoint.query).map((field) => ({ endpoint, where: 'query' as const, ...field })),
      ...dateFields(endpoint.body).map((field) => ({ endpoint, where: 'body' as const, ...field })),
    ]);

  it('finds the date fields of the contracts', () => {
    const names = withDates().map((f) => `${f.endpoint.method} ${f.endpoint.path} ${f.path.join('.')}`);
    expect(names.length).toBeGreaterThanOrEqual(40);
    expect(names).toContain('get /schedules from');
    expect(names).toContain('post /schedules startAt');
    expect(names).toContain('get /payroll/review month');
  });

  it('answers 400 naming the field, never 5xx, for years PostgreSQL cannot take or a centre never means', async () => {
    for (const { endpoint, where, path, format } of withDates()) {
      const url = endpoint.path.replace(/:\w+/g, '1');
      for (const value of edges[format]) {
        const label = `${endpoint.method} ${endpoint.path} ${where} ${path.join('.')}=${value}`;
        const input: Record<string, unknown> = {};
        setAt(input, path, value);
        const res =
          where === 'query'
            ? await call(endpoint, url).query(input as Record<string, string>)
            : await call(endpoint, url).send(input);
        expectFieldError(res, path.join('.'), label);
      }
    }
  }, 120_000);
});

describe('bodies that cannot be read', () => {
  const post = () => request(ctx.app).post('/api/referrers').set('Authorization', `Bearer ${staff.tokens.admin}`);

  it('answers 4xx for a body nested 300,000 deep', async () => {
    const deep = `{"name":${'['.repeat(300_000)}${']'.repeat(300_000)}}`;
    const res = await post().set('Content-Type', 'application/json').send(deep);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.map((f: { field: string }) => f.field)).toContain('name');
    const deepNul = `{"name":${'['.repeat(300_000)}"\\u0000"${']'.repeat(300_000)}}`;
    const withNul = await post().set('Content-Type', 'application/json').send(deepNul);
    expect(withNul.status).toBe(400);
    expect(withNul.body.fieldErrors[0].field).toMatch(/^name\.0\.0\.0/);
  });

  it('answers 415 for an unknown charset', async () => {
    const res = await post().set('Content-Type', 'application/json;charset=bogus').send('{"name":"x"}');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, errorCode: 'unsupported_media_type' });
    expect(res.body.traceId).toEqual(expect.any(String));
  });

  it('answers 415 for an unknown content encoding', async () => {
    const res = await post()
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'bogus')
      .send('{"name":"x"}');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, errorCode: 'unsupported_media_type' });
  });

  it('answers 400 for a broken gzip or deflate body, and reads a good one', async () => {
    for (const encoding of ['gzip', 'deflate']) {
      const res = await post()
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .serialize((bytes) => bytes)
        .send(Buffer.from('this is not compressed at all'));
      expect(res.status, encoding).toBe(400);
      expect(res.body).toMatchObject({ success: false, errorCode: 'validation' });
    }
    const truncated = gzipSync(Buffer.from('{"name":"Truncated"}')).subarray(0, 15);
    const broken = await post()
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .serialize((bytes) => bytes)
      .send(truncated);
    expect(broken.status).toBe(400);
    const good = await post()
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .serialize((bytes) => bytes) // superagent would JSON-encode the Buffer
      .send(gzipSync(Buffer.from('{"name":"Zipped"}')));
    expect(good.status, JSON.stringify(good.body)).toBe(201);
  });
});
