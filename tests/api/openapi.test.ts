// The API document says exactly what the server accepts (issue 20 §16). For every operation of
// /api/openapi.json this sends one example the document calls valid and one it calls invalid, and
// compares the server's answer with the document: the valid one is never refused by the contract
// ("Invalid path/query/body"), the invalid one always is, naming the field, and every status either
// gets is one the document lists for that operation.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createCentreWithStaff, tokenWithRight } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { withGuardianToken } from '../support/portal-factories';
import { createTestContext, type TestContext } from '../support/test-app';

interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  nullable?: boolean;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}
interface Operation {
  description: string;
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
}

let ctx: TestContext;
let queue: MessageQueue;
let app: ReturnType<typeof createApp>;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>> & { tokens: { customer?: string } };
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  ctx = await createTestContext();
  // With the message queue, as in production (nothing is delivered: no worker runs here).
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: mkdtempSync(join(tmpdir(), 'openapi-')) }));
  app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue });
  const doc = (await request(app).get('/api/openapi.json').expect(200)).body as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op })),
  );
  // Operations that sign the caller out go last: the others need the tokens.
  operations.sort(
    (a, b) => Number(/logout|sign-out|sessions/.test(a.path)) - Number(/logout|sign-out|sessions/.test(b.path)),
  );
}, 120_000);
// Each test its own centre and tokens: the valid examples include signing out everywhere.
beforeEach(async () => {
  // The portal's operations (portal:own) are called as a guardian of a household of this centre.
  staff = await withGuardianToken(ctx, await createCentreWithStaff(ctx));
});
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

/** Values for the patterns the document uses; an unknown pattern fails the test until it is added here. */
const byPattern: Record<string, (end: boolean) => string> = {
  '^\\d{4}-\\d{2}-\\d{2}$': (end) => (end ? '2026-03-09' : '2026-03-02'),
  '^0(\\.\\d{1,6})?$': () => '0.13',
  '^\\d{1,10}(\\.\\d{1,2})?$': () => '10.00',
  '^\\s*\\+?[\\d\\s().-]+\\s*$': () => '+1 416 555 0198',
  '^\\d{4}-(0[1-9]|1[0-2])$': () => '2026-03',
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$': (end) =>
    end ? '2026-03-02T15:00:00Z' : '2026-03-02T14:00:00Z',
  '^([01]\\d|2[0-3]):[0-5]\\d$|^24:00$': (end) => (end ? '10:00' : '09:00'),
  '^\\+?[\\d\\s().-]{7,24}$': () => '+1 416 555 0199',
  '^[A-Za-z]{3}$': () => 'CAD',
  '^\\d{6}$': () => '123456',
  '^[A-Za-z0-9_-]{43}$': () => 'A'.repeat(43),
  '^[A-Za-z0-9_-]{22}$': () => 'A'.repeat(22),
  '^[0-9a-f]{16}$': () => '0'.repeat(16),
  '^[A-Za-z0-9_-]{20,64}\\.ics$': () => `${'a'.repeat(32)}.ics`,
  '^cs_[A-Za-z0-9_]{1,250}$': () => 'cs_test_nothing',
  '^[A-Za-z0-9._@-]+$': () => `login${randomUUID().slice(0, 8)}`,
};
const isEnd = (name: string) => /end|to$|To$|until/i.test(name);

/** A value the schema accepts; `name` tells an end from a start (an end comes later). */
function valid(schema: Schema, name: string): unknown {
  if (schema.anyOf) return valid(schema.anyOf.find((s) => !(s.enum?.length === 1 && s.enum[0] === null)) ?? {}, name);
  if (schema.enum) return schema.enum.find((v) => v !== null && v !== '');
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const low = (schema.minimum ?? 1) + (schema.exclusiveMinimum ? 1 : 0);
      // Ids: the largest int4, which names no record (a plain 404, nothing touched).
      if (schema.maximum === 2147483647) return 2147483647;
      return Math.min(Math.max(low, 1), schema.maximum ?? 1);
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => valid(schema.items ?? {}, name));
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).filter(([key]) => schema.required?.includes(key));
      return Object.fromEntries(entries.map(([key, property]) => [key, valid(property, key)]));
    }
    default: {
      if (schema.format === 'email') return `someone.${randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'uuid') return randomUUID();
      if (schema.pattern) {
        const make = byPattern[schema.pattern];
        if (!make) throw new Error(`no example for the pattern ${schema.pattern} (${name}): add one`);
        return make(isEnd(name));
      }
      if (schema.format === 'binary') return '';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 8)).slice(0, schema.maxLength ?? 8);
    }
  }
}

/** A value the schema refuses, or undefined when it accepts anything of its type. */
function invalid(schema: Schema): unknown {
  if (schema.anyOf) return { not: 'any of these' };
  if (schema.enum) return 'NOT_ONE_OF_THEM';
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? schema.minimum - 1 : 'not a number';
    case 'boolean':
      return 'maybe';
    case 'array':
      return 'not a list';
    case 'object':
      return 'not an object';
    default:
      if (schema.pattern || schema.format === 'date' || schema.format === 'date-time') return 'not ☃ valid';
      if (schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength + 1);
      if (schema.minLength) return '';
      return undefined;
  }
}

type Example = { path: string; query: Record<string, unknown>; body?: unknown; contentType?: string };

function validExample(path: string, op: Operation): Example {
  let url = path;
  const query: Record<string, unknown> = {};
  for (const p of op.parameters) {
    const value = valid(p.schema, p.name);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.required) query[p.name] = value;
  }
  const content = op.requestBody?.content ?? {};
  const json = content['application/json'];
  if (json) return { path: url, query, body: valid(json.schema, 'body') };
  const file = Object.keys(content)[0];
  return file ? { path: url, query, body: 'a,b\n', contentType: file } : { path: url, query };
}

/** One field broken against the document (the first that can be), and its name; undefined when none can. */
function invalidExample(path: string, op: Operation): { example: Example; field: string } | undefined {
  const base = validExample(path, op);
  for (const p of op.parameters) {
    const bad = invalid(p.schema);
    if (bad === undefined) continue;
    if (p.in === 'path') {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === p.name ? encodeURIComponent(String(bad)) : base.path.split('/')[path.split('/').indexOf(`{${name}}`)],
      );
      return { example: { ...base, path: url }, field: p.name };
    }
    return { example: { ...base, query: { ...base.query, [p.name]: bad } }, field: p.name };
  }
  const schema = op.requestBody?.content['application/json']?.schema;
  if (!schema) return undefined;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const bad = invalid(property);
    if (bad === undefined) continue;
    return { example: { ...base, body: { ...(base.body as object), [name]: bad } }, field: name };
  }
  return undefined;
}

function send(method: string, op: Operation, { path, query, body, contentType }: Example) {
  const call = (request(app) as unknown as Record<string, (url: string) => request.Test>)
    [method](path)
    .query(query as Record<string, string>);
  if (!op.description.startsWith('Public')) {
    const right = /`([^`]+)`/.exec(op.description)?.[1] ?? '';
    call.set('Authorization', `Bearer ${tokenWithRight(staff, right as Parameters<typeof tokenWithRight>[1])}`);
  }
  if (contentType) return call.set('Content-Type', contentType).send(body as string);
  return body === undefined ? call : call.send(body as object);
}

/**
 * Rules a schema cannot state (they depend on who asks, or join two fields): a valid example may meet
 * them. Each says why; nothing else may answer a valid example with "Invalid ...".
 */
const byWhoAsks: Record<string, string> = {
  'put /api/account/notification-settings': 'which kinds of notice apply depends on the roles of the account',
  // Rules across fields, said in the operation's words: the schema lists the fields one by one.
  'post /api/households/{id}/guardians': 'a guardian needs an email or a phone (either of two optional fields)',
  'put /api/households/{id}/guardians/{guardianId}':
    'a guardian needs an email or a phone (either of two optional fields)',
  'put /api/portal/settings': 'a guardian needs an email or a phone (either of two optional fields)',
  'post /api/invitations/lookup':
    "an invitation is proved by the link's key or by a phone and its code (optional fields)",
  'post /api/invitations/accept':
    "an invitation is proved by the link's key or by a phone and its code (optional fields)",
  'post /api/portal/top-ups': 'a top-up is an amount or a number of lessons (exactly one of two optional fields)',
  'put /api/portal/auto-top-up': 'auto top-up on needs a floor and an amount or a number of lessons',
  'post /api/students/{id}/make-ups':
    'a make-up goes into a class, or is a new lesson with a teacher, a start and an end (optional fields)',
};

const contractRefusal = (body: { errorMessage?: string }) =>
  /^Invalid (path|query|body):/.test(body.errorMessage ?? '');

describe('the API document', () => {
  it('lists real statuses for every operation, never a catch-all', () => {
    expect(operations.length).toBeGreaterThan(150);
    for (const { method, path, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(statuses, `${method} ${path}`).not.toContain('default');
      expect(
        statuses.some((s) => s.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
      if (!op.description.startsWith('Public')) expect(statuses, `${method} ${path}`).toContain('401');
    }
  });

  it('types every id as an int4 integer and every date parameter with its pattern', () => {
    for (const { method, path, op } of operations) {
      for (const p of op.parameters) {
        const label = `${method} ${path} ${p.name}`;
        expect(p.schema.anyOf, `${label}: one type, not "number or string"`).toBeUndefined();
        if (/^(id|.*Id)$/.test(p.name) && p.schema.type !== 'string')
          expect(p.schema, label).toMatchObject({ type: 'integer', minimum: 1, maximum: 2147483647 });
        if (p.schema.format === 'date') expect(p.schema.pattern, label).toBeDefined();
      }
    }
  });

  it('answers a valid example of every operation with a status it lists, and never refuses it by contract', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations) {
      const example = validExample(path, op);
      const res = await send(method, op, example);
      const label = `${method} ${path} ${JSON.stringify(example)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
      const refusedByContract = contractRefusal(res.body) && !(`${method} ${path}` in byWhoAsks);
      if (!(String(res.status) in op.responses) || res.status === 500 || refusedByContract) wrong.push(label);
    }
    expect(wrong).toEqual([]);
  }, 240_000);

  it('refuses an invalid example of every operation with 400 naming the field, as it lists', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const { method, path, op } of operations) {
      const broken = invalidExample(path, op);
      if (!broken) continue;
      checked += 1;
      const res = await send(method, op, broken.example);
      const fields: string[] = (res.body.fieldErrors ?? []).map((f: { field: string }) => f.field);
      const label = `${method} ${path} ${broken.field}=${JSON.stringify(broken.example)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
      if (
        res.status !== 400 ||
        !('400' in op.responses) ||
        !fields.some((f) => f === broken.field || f.startsWith(`${broken.field}.`))
      )
        wrong.push(label);
    }
    expect(checked).toBeGreaterThan(120);
    expect(wrong).toEqual([]);
  }, 240_000);
});
