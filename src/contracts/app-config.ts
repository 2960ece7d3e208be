import { defineEndpoint } from './endpoint';
import { z } from './z';

/** What the client needs to know of the server's settings before signing in (issue 11). */
export const appConfigReply = z.object({
  /** OFFLINE_APP: the service worker may run; when false the client removes workers and caches. */
  offlineApp: z.boolean(),
});
export type TAppConfig = z.infer<typeof appConfigReply>;

export const appConfigEndpoints = {
  get: defineEndpoint({
    method: 'get',
    path: '/app-config',
    right: 'public',
    tag: 'system',
    summary: 'Public settings of this server for the web app (the offline app switch); never cached',
    reply: appConfigReply,
  }),
};
