// Issue 24: readiness apart from liveness, load shedding with 503 + Retry-After, the SIGTERM drain, and
// a pool timeout answered as 503 (never 500).
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { migrationNames } from '../../server/db/migrator';
import { errorHandler } from '../../server/http/error-handler';
import { createLifecycle } from '../../server/http/lifecycle';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await createCentreWithStaff(ctx)).tokens.operator;
});
afterAll(() => ctx.close());

describe('/api/ready', () => {
  it('is ready on a migrated database, and not once a migration is missing', async () => {
    const ready = await request(ctx.app).get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    // The newest migration's row gone (as if this code were newer than the database): not ready, saying why.
    const newest = migrationNames().at(-1);
    const saved = await ctx.prisma.$queryRawUnsafe<{ id: string }[]>(
      'SELECT "id" FROM "_prisma_migrations" WHERE "migration_name" = $1',
      newest,
    );
    await ctx.prisma.$executeRawUnsafe(
      'UPDATE "_prisma_migrations" SET "rolled_back_at" = now() WHERE "migration_name" = $1',
      newest,
    );
    try {
      const app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret });
      const notReady = await request(app).get('/api/ready').set('Accept-Language', 'zh-CN');
      expect(notReady.status).toBe(503);
      expect(notReady.headers['retry-after']).toBe('1');
      expect(notReady.body.errorMessage).toBe('未就绪：尚有 1 个数据库迁移未执行');
      // Liveness is another question: the process and its database are fine.
      expect((await request(app).get('/api/health')).status).toBe(200);
    } finally {
      await ctx.prisma.$executeRawUnsafe(
        'UPDATE "_prisma_migrations" SET "rolled_back_at" = NULL WHERE "id" = $1',
        saved[0].id,
      );
    }
  });

  it('says not ready while draining, refuses new API requests with 503, and lets the one in flight finish', async () => {
    const lifecycle = createLifecycle(10);
    const app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, lifecycle });
    const server = app.listen(0);
    const port = (server.address() as { port: number }).port;
    try {
      // A request in flight when SIGTERM comes: held until the drain started.
      const { inFlight, release } = holdOne(lifecycle);
      const finished = inFlight;
      await until(() => lifecycle.inFlight === 1);
      lifecycle.drain();
      const idle = lifecycle.idle();
      const refused = await request(`http://localhost:${port}`)
        .get('/api/students')
        .set('Authorization', `Bearer ${token}`);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body.errorMessage).toBe('This server is restarting: try again in a moment');
      const ready = await request(`http://localhost:${port}`).get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.errorMessage).toBe('Not ready: shutting down');
      expect((await request(`http://localhost:${port}`).get('/api/health')).status).toBe(200);
      release();
      expect((await finished).body).toEqual({ done: true });
      await idle;
      expect(lifecycle.inFlight).toBe(0);
    } finally {
      server.close();
    }
  });

  it('sheds requests past MAX_IN_FLIGHT with 503 and Retry-After, in the reader’s language, writing nothing', async () => {
    const lifecycle = createLifecycle(1);
    const app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, lifecycle });
    const { inFlight, release } = holdOne(lifecycle);
    await until(() => lifecycle.inFlight === 1);
    const before = await ctx.prisma.student.count();
    const create = () =>
      request(app)
        .post('/api/students')
        .set('Authorization', `Bearer ${token}`)
        .set('Accept-Language', 'zh-CN')
        .send({ studentId: 'SHED-1', firstName: 'Shed', lastName: 'One' });
    const shed = await create();
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.body.errorMessage).toBe('服务器繁忙：请稍后再试');
    expect(await ctx.prisma.student.count()).toBe(before);
    expect(lifecycle.shed).toBe(1);
    // Readiness and liveness are answered whatever the load.
    expect((await request(app).get('/api/ready')).status).toBe(200);
    release();
    await inFlight;
    expect(lifecycle.inFlight).toBe(0);
    expect((await create()).status).toBe(201);
    expect(await ctx.prisma.student.count()).toBe(before + 1);
  });
});

async function until(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error('the held request never arrived');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A request held in flight on `lifecycle` until release(). */
function holdOne(lifecycle: ReturnType<typeof createLifecycle>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const slowApp = express();
  slowApp.use(lifecycle.track);
  slowApp.get('/slow', async (_req, res) => {
    await gate;
    res.json({ done: true });
  });
  slowApp.use(errorHandler);
  const inFlight = request(slowApp)
    .get('/slow')
    .then((res) => res);
  return { inFlight, release };
}

describe('a database that has no connection in time', () => {
  it('is a 503 with Retry-After, not a 500', async () => {
    const app = express();
    app.get('/tx', () => {
      throw Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), {
        code: 'P2028',
      });
    });
    app.get('/pool', () => {
      throw new Error('timeout exceeded when trying to connect');
    });
    app.use(errorHandler);
    for (const path of ['/tx', '/pool']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.body).toMatchObject({ success: false, errorCode: 'unavailable' });
    }
  });
});
