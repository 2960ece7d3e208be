// Phone sign-in (a code by SMS) and forgot password (a link by email): public endpoints whose replies
// never say whether an account exists.
import { ZPassword, ZTokenReply } from './account';
import { documentedAs } from './common';
import { defineEndpoint } from './endpoint';
import { PHONE_MESSAGE } from './messages';
import { z } from './z';

export const LOGIN_CODE_DIGITS = 6;
/** Seconds the login page waits before it offers to send another code. */
export const LOGIN_CODE_RESEND_SECONDS = 60;
export const VERIFICATION_CODE_ERROR = 'Verification Code Error';
export const CAPTCHA_MESSAGE = `Verification code must be ${LOGIN_CODE_DIGITS} digits`;

/**
 * A phone number as the server compares it: the digits, with a leading + when one was typed. Spaces,
 * dashes, dots and brackets are dropped; anything else, or fewer than 7 / more than 15 digits, is refused.
 */
export function normalisePhone(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return undefined;
  return `${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export const ZMobile = documentedAs(
  z
    .string()
    .max(40, PHONE_MESSAGE)
    .transform((v, ctx) => {
      const phone = normalisePhone(v);
      if (phone) return phone;
      ctx.addIssue({ code: 'custom', message: `${PHONE_MESSAGE} (digits, spaces, dashes, an optional leading +)` });
      return z.NEVER;
    }),
  {
    type: 'string',
    maxLength: 40,
    pattern: '^\\s*\\+?[\\d\\s().-]+\\s*$',
    description: 'Digits with an optional leading +, spaces, dashes, dots and parentheses; 7 to 15 digits in all',
  },
);

export const ZCaptchaQuery = z.object({ mobile: ZMobile });
export const ZCaptchaReply = z.object({
  /** Always true: the reply is the same whether or not an account has this number. */
  sent: z.literal(true),
  /** Seconds before another code may be asked for (the login page's countdown). */
  resendAfterSeconds: z.number().int(),
  /** Minutes a code stays valid. */
  validMinutes: z.number().int(),
});

export const ZPhoneAuthenticateBody = z.object({
  mobile: ZMobile,
  captcha: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LOGIN_CODE_DIGITS}}$`), CAPTCHA_MESSAGE),
  rememberMe: z.boolean().default(false),
});

export const ZResetInitBody = z.object({
  /** The account's login or email. */
  login: z.string().trim().min(1, 'Enter your login or email').max(254, 'At most 254 characters'),
});
export const ZResetInitReply = z.object({ sent: z.literal(true), validMinutes: z.number().int() });

export const ZResetFinishBody = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'The reset link is not complete: open it again from the email'),
  newPassword: ZPassword,
});

export const loginEndpoints = {
  captcha: defineEndpoint({
    refusals: [429],
    method: 'get',
    path: '/login/captcha',
    right: 'public',
    tag: 'account',
    summary: 'Send a 6-digit sign-in code by SMS to an account with this number (same reply either way)',
    query: ZCaptchaQuery,
    reply: ZCaptchaReply,
  }),
  authenticatePhone: defineEndpoint({
    refusals: [429],
    method: 'post',
    path: '/authenticate/phone',
    right: 'public',
    tag: 'account',
    summary: 'Sign in with a phone number and the code sent to it; returns a signed JWT',
    body: ZPhoneAuthenticateBody,
    reply: ZTokenReply,
  }),
  resetPasswordInit: defineEndpoint({
    refusals: [429],
    method: 'post',
    path: '/account/reset-password/init',
    right: 'public',
    tag: 'account',
    summary: 'Email a single-use password reset link to the account with this login or email (same reply either way)',
    body: ZResetInitBody,
    reply: ZResetInitReply,
  }),
  resetPasswordFinish: defineEndpoint({
    method: 'post',
    path: '/account/reset-password/finish',
    right: 'public',
    tag: 'account',
    summary: "Set a new password with a reset link's key; revokes every token of the account",
    body: ZResetFinishBody,
    status: 204,
  }),
};
