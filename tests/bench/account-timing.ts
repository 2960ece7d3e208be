// Whether a reply tells that an account exists (issue 20 §9). The phone-code and forgot-password
// requests for a known account against the same requests for an unknown one, alternating, median reply
// time: the ratio should be about 1 (it was 2-4 before their lookups moved after the reply). The time is
// the server's, from the request's arrival to its reply handed to the network ('finish'), which is what
// a client elsewhere sees; a client in this process would also wait for the work after the reply, which
// shares its thread. Throttle counters are cleared before each request and the work after the reply is
// awaited after it, both outside the timing.
// Database: TEST_DATABASE_URL with TEST_DB=postgres, else in-memory PGlite.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import express from 'express';
import request from 'supertest';
import { createApp } from '../../server/app';
import { createAfterReply } from '../../server/http/after-reply';
import { openMessageQueue } from '../../server/messaging/queue';
import { createCentre, createUser } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { createTestContext } from '../support/test-app';

const RUNS = Number(process.env.TIMING_BENCH_RUNS ?? 200);
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

export async function benchAccountTiming(): Promise<void> {
  const ctx = await createTestContext();
  const queue = await openMessageQueue(
    ctx.target,
    testMessagingConfig({ mailDir: mkdtempSync(join(tmpdir(), 'timing-')) }),
  );
  const afterReply = createAfterReply();
  let served = 0;
  const app = express()
    .use((_req, res, next) => {
      const arrived = performance.now();
      res.on('finish', () => {
        served = performance.now() - arrived;
      });
      next();
    })
    .use(createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue, afterReply }));
  const centre = await createCentre(ctx.prisma);
  const user = await createUser(ctx.prisma, { role: 'ROLE_TEACHER', organisationId: centre.id });
  await ctx.prisma.user.update({ where: { id: user.id }, data: { phone: '+14165550123' } });

  const timed = async (send: () => Promise<unknown>) => {
    await ctx.prisma.rateLimit.deleteMany({});
    await send();
    await afterReply.settled();
    return served;
  };
  const pairs = [
    {
      label: 'GET /api/login/captcha',
      known: () => request(app).get('/api/login/captcha').query({ mobile: '+14165550123' }),
      unknown: () => request(app).get('/api/login/captcha').query({ mobile: '+12895550000' }),
    },
    {
      label: 'POST /api/account/reset-password/init',
      known: () => request(app).post('/api/account/reset-password/init').send({ login: user.login }),
      unknown: () => request(app).post('/api/account/reset-password/init').send({ login: 'nobody@example.test' }),
    },
  ];
  for (const { label, known, unknown } of pairs) {
    const k: number[] = [];
    const u: number[] = [];
    for (let i = 0; i < 10; i++) await timed(i % 2 ? known : unknown); // warm up
    for (let i = 0; i < RUNS; i++) {
      k.push(await timed(known));
      u.push(await timed(unknown));
    }
    console.log(
      `${label.padEnd(40)} known ${median(k).toFixed(2)} ms, unknown ${median(u).toFixed(2)} ms (median of ${RUNS})`,
    );
    console.log(`  ratio known / unknown: ${(median(k) / median(u)).toFixed(2)} (target about 1.00)`);
  }
  console.log(`database: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  await queue.stop();
  await ctx.close();
}
