// Accepting an invitation to the family portal (issue 21): public, like the password-reset link. The
// proof is the link's key (email) or the guardian's phone with the code (SMS); the desk's side is in
// households.ts (invite, revoke, end access).
import { ZEmail, ZLogin, ZPassword, ZTokenReply } from './account';
import { defineEndpoint } from './endpoint';
import { LOGIN_CODE_DIGITS, ZMobile } from './login';
import { z } from './z';

export const INVITATION_KEY_MESSAGE = 'The invitation link is not complete: open it again from the email';
export const INVITATION_PROOF_MESSAGE =
  'Open the link in your invitation email, or enter your phone number and the code';
export const INVITATION_CODE_MESSAGE = `The invitation code has ${LOGIN_CODE_DIGITS} digits`;

const ZInvitationKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, INVITATION_KEY_MESSAGE);

const proofFields = {
  key: ZInvitationKey.optional(),
  phone: ZMobile.optional(),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LOGIN_CODE_DIGITS}}$`), INVITATION_CODE_MESSAGE)
    .optional(),
};

/** The link's key, or the phone the code went to and the code. */
function needsProof(p: { key?: string; phone?: string; code?: string }, ctx: z.RefinementCtx) {
  if (p.key) return;
  if (!p.phone) ctx.addIssue({ code: 'custom', path: [p.code ? 'phone' : 'key'], message: INVITATION_PROOF_MESSAGE });
  else if (!p.code) ctx.addIssue({ code: 'custom', path: ['code'], message: INVITATION_CODE_MESSAGE });
}

export const ZInvitationProof = z.object(proofFields).superRefine(needsProof);
export type TInvitationProof = z.input<typeof ZInvitationProof>;

export const ZInvitationView = z.object({
  centre: z.string(),
  guardianName: z.string().nullable(),
  /** The children the portal will show (first names). */
  children: z.array(z.string()),
  /** The guardian's email as the desk has it (for the account), or the account's when it exists. */
  email: z.string().nullable(),
  /** The sign-in name: the existing account's (a guardian invited again), else null (they choose one). */
  login: z.string().nullable(),
  langKey: z.enum(['en-US', 'zh-CN']),
  expiresAt: z.string(),
});
export type TInvitationView = z.infer<typeof ZInvitationView>;

export const ZAcceptInvitationBody = z
  .object({
    ...proofFields,
    /** Required for a new account; ignored when the guardian already has one. */
    login: ZLogin.optional(),
    /** The account's email; defaults to the guardian's. */
    email: ZEmail.optional(),
    password: ZPassword,
  })
  .superRefine(needsProof);
export type TAcceptInvitationBody = z.input<typeof ZAcceptInvitationBody>;

export const invitationEndpoints = {
  lookup: defineEndpoint({
    refusals: [429],
    method: 'post',
    path: '/invitations/lookup',
    right: 'public',
    tag: 'account',
    summary: 'Check an invitation to the family portal (its key, or a phone and code) and say whom it is for',
    body: ZInvitationProof,
    reply: ZInvitationView,
  }),
  accept: defineEndpoint({
    refusals: [429],
    method: 'post',
    path: '/invitations/accept',
    right: 'public',
    tag: 'account',
    summary:
      "Accept an invitation: set the guardian's password (and login), use it up, and sign in; returns a signed JWT",
    body: ZAcceptInvitationBody,
    reply: ZTokenReply,
  }),
};
