import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ADDRESS } from '../../server/auth/login-throttle';
import { createCentreWithStaff, TEST_PASSWORD } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
});
afterAll(() => ctx.close());

describe('sign-in throttling per address', () => {
  it(`refuses every sign-in from an address after ${MAX_FAILURES_PER_ADDRESS} failures on many accounts`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      const res = await request(ctx.app)
        .post('/api/authenticate')
        .send({ username: `guess${i}`, password: 'wrong' });
      expect(res.status).toBe(401);
    }
    const res = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: staff.admin.login, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, errorCode: 'rate_limited' });
    // Tokens already issued keep working: the limit is on signing in, not on the account.
    const account = await request(ctx.app).get('/api/account').set('Authorization', `Bearer ${staff.tokens.admin}`);
    expect(account.status).toBe(200);
  });
});
