// Households (issue 21): the family that pays, its students (siblings) and its guardians. The desk's
// side: list, read, rename, merge two families into one, move a student, and keep guardians.
import { ZLangKey } from './account';
import { optionalText, ZId, ZIdParams, ZOptionalEmail, ZOptionalPhone } from './common';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { ZFamilyMessageChoice } from './message-kinds';
import { z } from './z';

export const HOUSEHOLD_NAME_REQUIRED = 'Name the household (the family name)';
export const GUARDIAN_NAME_REQUIRED = "Enter the guardian's name";
export const GUARDIAN_CONTACT_REQUIRED = 'Enter an email or a phone number to reach this guardian';
export const SMS_NEEDS_PHONE = 'SMS needs a phone number';
export const MERGE_ITSELF = 'A household cannot be merged into itself';
export const HAS_HOUSEHOLD = 'This student already has a household';

export const ZHouseholdBody = z.object({
  name: z.string().trim().min(1, HOUSEHOLD_NAME_REQUIRED).max(100, 'At most 100 characters'),
  comments: optionalText(5000),
  /** Lesson reminders to the guardians (when the centre sends them). */
  lessonReminders: z.boolean().default(true),
  /** A monthly statement by email on the 1st (also the guardians' choice in the portal); unchanged when left out. */
  monthlyStatements: z.boolean().optional(),
});
export type THouseholdBody = z.input<typeof ZHouseholdBody>;

export const ZGuardianBody = z
  .object({
    name: z.string().trim().min(1, GUARDIAN_NAME_REQUIRED).max(100, 'At most 100 characters'),
    relationship: optionalText(40),
    email: ZOptionalEmail,
    phone: ZOptionalPhone,
    wechat: optionalText(60),
    langKey: ZLangKey.default('en-US'),
    allowEmail: z.boolean().default(true),
    allowSms: z.boolean().default(false),
    receivesFeedback: z.boolean().default(false),
  })
  .superRefine((g, ctx) => {
    if (!g.email && !g.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: GUARDIAN_CONTACT_REQUIRED });
    if (g.allowSms && !g.phone) ctx.addIssue({ code: 'custom', path: ['allowSms'], message: SMS_NEEDS_PHONE });
  });
export type TGuardianBody = z.input<typeof ZGuardianBody>;

/** Days an invitation to the family portal stays open (DECISIONS.md "Families"). */
export const INVITATION_DAYS = 7;
export const ZInvitationChannel = z.enum(['EMAIL', 'SMS']);
export type TInvitationChannel = z.infer<typeof ZInvitationChannel>;

/**
 * A guardian's way into the family portal: NONE (never invited, or the invitation was revoked), INVITED
 * (an invitation waits), EXPIRED (the last one ran out of time, or of tries of its SMS code), ACTIVE (signed up) or ENDED
 * (the desk ended their access; a new invitation opens it again).
 */
export const ZPortalAccess = z.object({
  status: z.enum(['NONE', 'INVITED', 'EXPIRED', 'ACTIVE', 'ENDED']),
  /** The last invitation: how, to where, when sent and until when it works. */
  channel: ZInvitationChannel.nullable(),
  sentTo: z.string().nullable(),
  invitedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The guardian's sign-in name once they accepted. */
  login: z.string().nullable(),
});
export type TPortalAccess = z.infer<typeof ZPortalAccess>;

export const ZGuardian = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  relationship: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  wechat: z.string().nullable(),
  langKey: ZLangKey,
  allowEmail: z.boolean(),
  allowSms: z.boolean(),
  /** When and where SMS consent was given; null without consent. */
  smsConsentAt: z.string().nullable(),
  smsConsentSource: z.string().nullable(),
  receivesFeedback: z.boolean(),
  portal: ZPortalAccess,
  /** The household's primary contact: the first guardian who can receive SMS (SMS goes to them by default). */
  primaryContact: z.boolean(),
  /**
   * Every kind of family message with the channels it reaches this guardian by: their choice in the
   * portal (or the default) on top of what they allow (no SMS without consent).
   */
  messages: z.array(ZFamilyMessageChoice),
});
export type TGuardian = z.infer<typeof ZGuardian>;

const ZHouseholdStudent = z.object({
  id: z.number().int(),
  studentId: z.string(),
  name: z.string(),
  active: z.boolean(),
  voucherBalance: z.string(),
});

export const ZHousehold = z.object({
  id: z.number().int(),
  name: z.string(),
  comments: z.string().nullable(),
  lessonReminders: z.boolean(),
  monthlyStatements: z.boolean(),
  students: z.array(ZHouseholdStudent),
  guardians: z.array(ZGuardian),
  /** Σ of its students' balances. */
  balance: z.string(),
  createdAt: z.string(),
});
export type THousehold = z.infer<typeof ZHousehold>;

export const ZHouseholdListQuery = ZListQuery.extend({
  q: z.string().trim().max(100).optional(),
  sortField: z.enum(['name', 'createdAt']).optional(),
});

export const ZMergeBody = z.object({ householdId: ZId });
export const ZMoveStudentBody = z.object({ studentId: ZId });
export const ZGuardianParams = z.object({ id: ZId, guardianId: ZId });
export const ZInviteBody = z.object({ channel: ZInvitationChannel });

const base = { right: 'records:manage', tag: 'households' } as const;
export const householdEndpoints = {
  list: defineEndpoint({
    ...base,
    method: 'get',
    path: '/households',
    summary: 'Households of the centre with their students and guardians',
    query: ZHouseholdListQuery,
    reply: listReply(ZHousehold),
  }),
  get: defineEndpoint({
    ...base,
    method: 'get',
    path: '/households/:id',
    summary: 'One household',
    params: ZIdParams,
    reply: ZHousehold,
  }),
  createForStudent: defineEndpoint({
    ...base,
    method: 'post',
    path: '/households',
    summary: "A household for a student who has none, with the student's contact details as its guardians",
    body: ZMoveStudentBody,
    reply: ZHousehold,
    status: 201,
  }),
  update: defineEndpoint({
    ...base,
    method: 'put',
    path: '/households/:id',
    summary: "Rename a household or change the desk's notes",
    params: ZIdParams,
    body: ZHouseholdBody,
    reply: ZHousehold,
  }),
  merge: defineEndpoint({
    ...base,
    method: 'post',
    path: '/households/:id/merge',
    summary: 'Move the students and guardians of another household into this one (siblings), and remove it',
    params: ZIdParams,
    body: ZMergeBody,
    reply: ZHousehold,
  }),
  moveStudent: defineEndpoint({
    ...base,
    method: 'post',
    path: '/households/:id/students',
    summary: 'Move a student into this household (a household left without students is removed)',
    params: ZIdParams,
    body: ZMoveStudentBody,
    reply: ZHousehold,
  }),
  addGuardian: defineEndpoint({
    ...base,
    method: 'post',
    path: '/households/:id/guardians',
    summary: 'Add a guardian to a household (with an email or a phone, and a phone for SMS)',
    params: ZIdParams,
    body: ZGuardianBody,
    reply: ZHousehold,
    status: 201,
  }),
  updateGuardian: defineEndpoint({
    ...base,
    method: 'put',
    path: '/households/:id/guardians/:guardianId',
    summary: "Change a guardian's details, language and consents (an email or a phone, and a phone for SMS)",
    params: ZGuardianParams,
    body: ZGuardianBody,
    reply: ZHousehold,
  }),
  removeGuardian: defineEndpoint({
    ...base,
    method: 'delete',
    path: '/households/:id/guardians/:guardianId',
    summary: 'Remove a guardian from a household (their portal sign-in, if any, is ended)',
    params: ZGuardianParams,
    reply: ZHousehold,
  }),
  invite: defineEndpoint({
    ...base,
    right: 'households:invite',
    method: 'post',
    path: '/households/:id/guardians/:guardianId/invitation',
    summary: `Invite a guardian to the family portal by email (a link) or SMS (a code), valid ${INVITATION_DAYS} days; sending again replaces the earlier invitation`,
    params: ZGuardianParams,
    body: ZInviteBody,
    reply: ZHousehold,
    status: 201,
  }),
  revokeInvitation: defineEndpoint({
    ...base,
    right: 'households:invite',
    method: 'delete',
    path: '/households/:id/guardians/:guardianId/invitation',
    summary: "Revoke a guardian's waiting invitation: its link or code stops working",
    params: ZGuardianParams,
    reply: ZHousehold,
  }),
  endPortalAccess: defineEndpoint({
    ...base,
    right: 'households:invite',
    method: 'delete',
    path: '/households/:id/guardians/:guardianId/portal',
    summary: "End a guardian's portal sign-in at once (every device); a new invitation opens it again",
    params: ZGuardianParams,
    reply: ZHousehold,
  }),
};
