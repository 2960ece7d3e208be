// Inbound SMS (issue 21): Twilio posts every reply to the centre's number here, form-encoded (From, To,
// Body, MessageSid, ...), signed with X-Twilio-Signature. STOP / 退订 ... opt the number out, START
// removes the opt-out (consent is given again at the desk or the portal), HELP names the centre. The
// reply is TwiML (text/xml), not JSON.
import { defineEndpoint } from './endpoint';
import { z } from './z';

/** Replies that opt a number out at once (trimmed, case-insensitive), as carriers and Twilio know them. */
export const SMS_STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', '退订'] as const;
export const SMS_START_WORDS = ['START', 'UNSTOP'] as const;
export const SMS_HELP_WORDS = ['HELP', 'INFO'] as const;

/** The fields of Twilio's request the app reads (Twilio sends more; the signature covers them all). */
export const ZInboundSms = z.object({
  From: z.string().trim().min(1).max(40),
  To: z.string().trim().max(40).optional(),
  Body: z.string().max(1600).default(''),
  MessageSid: z.string().max(64).optional(),
});

export const smsEndpoints = {
  inbound: defineEndpoint({
    // 403: the signature is missing or wrong; 404: Twilio is not configured on this server.
    refusals: [403, 404],
    method: 'post',
    path: '/sms/inbound',
    right: 'public',
    tag: 'messages',
    summary:
      'Twilio’s inbound SMS webhook (form-encoded From, To, Body, MessageSid…; X-Twilio-Signature checked against APP_URL). Replies TwiML',
  }),
};
