import { defineEndpoint } from './endpoint';
import { z } from './z';

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'get',
    path: '/health',
    right: 'public',
    tag: 'system',
    summary: 'Liveness and database check for load balancers',
    reply: z.object({ status: z.literal('ok') }),
  }),
  ready: defineEndpoint({
    method: 'get',
    path: '/ready',
    right: 'public',
    tag: 'system',
    summary:
      'Readiness for load balancers: the database answers, its migrations are current and the process is not shutting down; 503 with the reasons otherwise',
    reply: z.object({ status: z.literal('ready') }),
    refusals: [503],
  }),
  openapi: defineEndpoint({
    method: 'get',
    path: '/openapi.json',
    right: 'public',
    tag: 'system',
    summary: 'This OpenAPI document',
    reply: z.record(z.string(), z.unknown()),
  }),
};
