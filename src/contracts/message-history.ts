// Email and SMS history (server/messaging): every message queued, its status and attempts; a failed
// one can be queued again by hand. (src/contracts/messages.ts holds the rule texts, hence this name.)
import { ZDate, ZId, ZIdParams } from './common';
import { blankAsAbsent, ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

export const messageChannels = ['EMAIL', 'SMS'] as const;
export const ZMessageChannel = z.enum(messageChannels);
export const messageStatuses = ['QUEUED', 'SENDING', 'SENT', 'FAILED'] as const;
export const ZMessageStatus = z.enum(messageStatuses);
export type TMessageStatus = z.infer<typeof ZMessageStatus>;

export const ONLY_FAILED_RESEND_MESSAGE = 'Only a failed message can be resent';

export const ZMessage = z.object({
  id: z.number().int(),
  channel: ZMessageChannel,
  recipient: z.string(),
  recipientName: z.string().nullable(),
  template: z.string(),
  subject: z.string().nullable(),
  status: ZMessageStatus,
  attempts: z.number().int(),
  /** The provider's error of the last failed attempt. */
  error: z.string().nullable(),
  /** How it went out when no provider was involved (.eml file written, SMS not configured). */
  note: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  /** The record it is about. */
  entityType: z.string().nullable(),
  entityId: z.number().int().nullable(),
  queuedBy: ZNamed.nullable(),
  queuedAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessageFilters = z.object({
  status: blankAsAbsent(ZMessageStatus),
  channel: blankAsAbsent(ZMessageChannel),
  template: blankAsAbsent(z.string().trim().max(50)),
  entityType: blankAsAbsent(z.string().trim().max(30)),
  entityId: blankAsAbsent(ZId),
  /** Part of the address or number, case-insensitive. */
  recipient: blankAsAbsent(z.string().trim().max(254)),
  /** Days (queued) of the centre's time zone, [from, to], either end open. */
  from: blankAsAbsent(ZDate),
  to: blankAsAbsent(ZDate),
});
export const ZMessageListQuery = ZListQuery.extend({
  ...ZMessageFilters.shape,
  sortField: z.enum(['queuedAt', 'sentAt', 'status', 'recipient']).optional(),
});
export type TMessageListQuery = z.output<typeof ZMessageListQuery>;

const common = { right: 'email:send', tag: 'messages' } as const;
export const messageEndpoints = {
  list: defineEndpoint({
    ...common,
    method: 'get',
    path: '/messages',
    summary: 'Email and SMS history, newest first unless sorted: filters by status, channel, template, record, days',
    query: ZMessageListQuery,
    reply: listReply(ZMessage),
  }),
  resend: defineEndpoint({
    ...common,
    method: 'post',
    path: '/messages/:id/resend',
    summary: 'Queue a FAILED message again (same idempotency key: it is still sent at most once)',
    params: ZIdParams,
    reply: ZMessage,
  }),
};
