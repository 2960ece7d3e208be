// Issue 20, finding 15: methods the app does not serve answer 405 with Allow (not 404), a known API path
// asked with a method it lacks says which it has, and every reply carries a Permissions-Policy.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../server/http/methods';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await createCentreWithStaff(ctx)).tokens.operator;
});
afterAll(() => ctx.close());

const allowOf = (res: request.Response) =>
  String(res.headers.allow)
    .split(',')
    .map((m) => m.trim())
    .sort();

describe('HTTP methods', () => {
  it('answers TRACE with 405 and Allow, on the API and on pages', async () => {
    const api = await request(ctx.app).trace('/api/students').set('Authorization', `Bearer ${token}`);
    expect(api.status).toBe(405);
    expect(allowOf(api)).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    expect(api.body).toMatchObject({ success: false, errorCode: 'method_not_allowed' });
    expect(api.body.errorMessage).toBe('The method TRACE is not allowed here');
    expect((await request(ctx.app).trace('/api/no-such-endpoint')).status).toBe(405);
    const page = await request(ctx.app).trace('/student/all-student');
    expect(page.status).toBe(405);
    expect(allowOf(page)).toEqual(['GET', 'HEAD']);
  });

  it('tells which methods a known API path has, in the reader’s language', async () => {
    const res = await request(ctx.app)
      .delete('/api/students')
      .set('Authorization', `Bearer ${token}`)
      .set('Accept-Language', 'zh-CN');
    expect(res.status).toBe(405);
    expect(allowOf(res)).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    expect(res.body.errorMessage).toBe('此处不允许 DELETE 方法');
    // A path with an id: /students/:id has GET and PUT (and DELETE only where the contract says so).
    const one = await request(ctx.app).patch('/api/students/1').set('Authorization', `Bearer ${token}`);
    expect(one.status).toBe(405);
    expect(allowOf(one)).toContain('GET');
    expect(allowOf(one)).not.toContain('PATCH');
  });

  it('keeps 404 for a path the API does not have, whatever the method', async () => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await request(ctx.app)[method]('/api/no-such-endpoint').set('Authorization', `Bearer ${token}`);
      expect(res.status, method).toBe(404);
      expect(res.headers.allow, method).toBeUndefined();
    }
  });
});

describe('Permissions-Policy', () => {
  it('denies camera, microphone, location and payment to every reply', async () => {
    for (const path of ['/api/health', '/api/no-such-endpoint', '/student/all-student']) {
      const res = await request(ctx.app).get(path);
      expect(res.headers['permissions-policy'], path).toBe(PERMISSIONS_POLICY);
    }
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
      expect(PERMISSIONS_POLICY).toContain(feature);
    }
  });
});
