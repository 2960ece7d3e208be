import { documentedAs } from './common';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { EMAIL_MESSAGE, LOGIN_MIN, PASSWORD_MAX, PASSWORD_MIN } from './messages';
import { roles } from './permissions';
import { z } from './z';

export { EMAIL_MESSAGE, LOGIN_MIN, PASSWORD_MAX, PASSWORD_MIN } from './messages';

export const ZLogin = z
  .string()
  .trim()
  .min(LOGIN_MIN, `Login must be at least ${LOGIN_MIN} characters`)
  .max(50, 'Login must be at most 50 characters')
  .regex(/^[A-Za-z0-9._@-]+$/, 'Login may contain only letters, digits and . _ @ -');
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
export const ZEmail = z.string().trim().max(254, 'Email must be at most 254 characters').email(EMAIL_MESSAGE);
const ZName = z.string().trim().max(50, 'At most 50 characters');
export const ZLangKey = z.enum(['en-US', 'zh-CN']);

export const ZAuthenticateBody = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(200),
  rememberMe: z.boolean().default(false),
});
export const ZTokenReply = z.object({ id_token: z.string() });

export const ZOrganisationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  timeZone: z.string(),
});

export const ZAccount = z.object({
  id: z.number().int(),
  login: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  langKey: ZLangKey,
  /** Whether the person chose `langKey` (issue 37): then the screens use it on every device. */
  languageChosen: z.boolean(),
  activated: z.boolean(),
  authorities: z.array(z.enum(roles)),
  organisation: ZOrganisationSummary.nullable(),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZUpdateAccountBody = z.object({
  firstName: ZName.nullable().optional(),
  lastName: ZName.nullable().optional(),
  email: ZEmail,
  langKey: ZLangKey.default('en-US'),
  /** Required when the email changes (issue 20, finding 11); ignored otherwise. */
  currentPassword: z.string().max(200).optional(),
});
export type TUpdateAccountBody = z.infer<typeof ZUpdateAccountBody>;

/** A signed-in device (server/auth/sessions.ts): browser and OS as recognised, null when not. */
export const ZSession = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;
// Named sessionId, not id: `:id` in a path is a record's int4 id everywhere else (bad-input.test.ts).
export const ZSessionParams = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not a session id') });

export const ZChangePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(200),
  newPassword: ZPassword,
});

// Checked against the runtime's own lists (Node and every current browser ship them).
const supported = (key: 'timeZone' | 'currency') => new Set<string>(Intl.supportedValuesOf(key));
let timeZones: Set<string> | undefined;
let currencies: Set<string> | undefined;
export const TIME_ZONE_MESSAGE = 'Choose a time zone such as America/Toronto';
export const CURRENCY_MESSAGE = 'Choose a currency code such as CAD (ISO 4217)';
export const ZTimeZone = documentedAs(
  z
    .string()
    .trim()
    .max(64, TIME_ZONE_MESSAGE)
    .refine((v) => {
      timeZones ??= supported('timeZone');
      return timeZones.has(v) || v === 'UTC';
    }, TIME_ZONE_MESSAGE),
  { type: 'string', maxLength: 64, description: 'An IANA time zone the runtime knows, e.g. America/Toronto' },
);
export const ZCurrency = documentedAs(
  z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => {
      currencies ??= supported('currency');
      return /^[A-Z]{3}$/.test(v) && currencies.has(v);
    }, CURRENCY_MESSAGE),
  { type: 'string', pattern: '^[A-Za-z]{3}$', description: 'An ISO 4217 code (any case), e.g. CAD' },
);

export const ZRegisterBody = z.object({
  organisationName: z.string().trim().min(2, 'Centre name must be at least 2 characters').max(200),
  login: ZLogin,
  email: ZEmail,
  password: ZPassword,
  firstName: ZName.optional(),
  lastName: ZName.optional(),
  langKey: ZLangKey.default('en-US'),
  timeZone: ZTimeZone.default('America/Toronto'),
  currency: ZCurrency.default('CAD'),
});
/** What the register form sends (time zone and currency may be left to their defaults). */
export type TRegisterBody = z.input<typeof ZRegisterBody>;
/** The same for every address (issue 37, finding 6): a link to finish went there, or a notice to its owner. */
export const ZRegisterReply = z.object({ email: z.string() });
export const ZRegisterConfirmBody = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'The registration link is not complete: open it again from the email'),
});
export const ZRegisteredReply = z.object({ id: z.number().int(), login: z.string(), id_token: z.string() });

export const ZUser = ZAccount.omit({ organisation: true }).extend({ createdAt: z.string() });
export type TUser = z.infer<typeof ZUser>;
export const ZUserListQuery = ZListQuery.extend({
  login: z.string().trim().max(50).optional(),
  email: z.string().trim().max(254).optional(),
  sortField: z.enum(['login', 'email', 'firstName', 'lastName', 'createdAt']).optional(),
});

export const accountEndpoints = {
  authenticate: defineEndpoint({
    refusals: [401, 429], // 401: wrong login or password
    method: 'post',
    path: '/authenticate',
    right: 'public',
    tag: 'account',
    summary: 'Sign in with login (or email) and password; returns a signed JWT',
    body: ZAuthenticateBody,
    reply: ZTokenReply,
  }),
  register: defineEndpoint({
    refusals: [429],
    method: 'post',
    path: '/register',
    right: 'public',
    tag: 'account',
    summary:
      'Register a new organisation and its first admin: a link to finish goes to the email (the same reply for every address)',
    body: ZRegisterBody,
    reply: ZRegisterReply,
    status: 202,
  }),
  confirmRegistration: defineEndpoint({
    refusals: [429],
    method: 'post',
    path: '/register/confirm',
    right: 'public',
    tag: 'account',
    summary: "Finish a registration with its emailed link's key: the organisation and its admin, signed in (id_token)",
    body: ZRegisterConfirmBody,
    reply: ZRegisteredReply,
    status: 201,
  }),
  getAccount: defineEndpoint({
    method: 'get',
    path: '/account',
    right: 'account:own',
    tag: 'account',
    summary: 'The signed-in user with authorities',
    reply: ZAccount,
  }),
  updateAccount: defineEndpoint({
    refusals: [429], // 'already in use' answers are throttled (issue 20 §8)
    method: 'put',
    path: '/account',
    right: 'account:own',
    tag: 'account',
    summary: 'Update own names, email and language; a new email needs currentPassword and signs other devices out',
    body: ZUpdateAccountBody,
    reply: ZAccount,
  }),
  changePassword: defineEndpoint({
    method: 'post',
    path: '/account/change-password',
    right: 'account:own',
    tag: 'account',
    summary: 'Change own password; revokes every older token and returns a fresh one',
    body: ZChangePasswordBody,
    reply: ZTokenReply,
  }),
  logout: defineEndpoint({
    method: 'post',
    path: '/logout',
    right: 'account:own',
    tag: 'account',
    summary: "Sign out on this device: the token's session ends and the token is refused from now on",
    status: 204,
  }),
  listSessions: defineEndpoint({
    method: 'get',
    path: '/account/sessions',
    right: 'account:own',
    tag: 'account',
    summary: "The signed-in user's signed-in devices (current marked)",
    reply: z.array(ZSession),
  }),
  revokeSession: defineEndpoint({
    method: 'delete',
    path: '/account/sessions/:sessionId',
    right: 'account:own',
    tag: 'account',
    summary: 'Sign one of own devices out (404 for anything else)',
    params: ZSessionParams,
    status: 204,
  }),
  logoutAll: defineEndpoint({
    method: 'post',
    path: '/account/logout-all',
    right: 'account:own',
    tag: 'account',
    summary: 'Revoke every token of the signed-in user, on every device',
    status: 204,
  }),
  listUsers: defineEndpoint({
    method: 'get',
    path: '/users',
    right: 'users:read',
    tag: 'users',
    summary: "The centre's users, paginated",
    query: ZUserListQuery,
    reply: listReply(ZUser),
  }),
};
