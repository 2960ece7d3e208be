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
  openapi: defineEndpoint({
    method: 'get',
    path: '/openapi.json',
    right: 'public',
    tag: 'system',
    summary: 'This OpenAPI document',
    reply: z.record(z.string(), z.unknown()),
  }),
};
