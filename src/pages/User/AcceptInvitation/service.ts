import { request } from '@umijs/max';
import type { TAcceptInvitationBody, TInvitationProof, TInvitationView } from '@/contracts/invitations';

/** POST /api/invitations/lookup: whom the invitation is for; 400 on the key or code when it does not work. */
export function lookupInvitation(proof: TInvitationProof): Promise<TInvitationView> {
  return request('/api/invitations/lookup', { method: 'POST', data: proof, skipErrorHandler: true });
}

/** POST /api/invitations/accept: sets the password (and login), uses the invitation up, signs in. */
export function acceptInvitation(body: TAcceptInvitationBody): Promise<{ id_token: string }> {
  return request('/api/invitations/accept', { method: 'POST', data: body, skipErrorHandler: true });
}
