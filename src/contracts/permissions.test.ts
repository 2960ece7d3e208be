import { describe, expect, it } from 'vitest';
import { authoritiesOf, hasRight, rights, rightsByRole } from './permissions';

describe('permission table', () => {
  it('an admin holds ROLE_OPERATOR too, in a stable order', () => {
    expect(authoritiesOf(['ROLE_ADMIN'])).toEqual(['ROLE_ADMIN', 'ROLE_OPERATOR']);
    expect(authoritiesOf(['ROLE_TEACHER'])).toEqual(['ROLE_TEACHER']);
  });

  it('gives each role what DECISIONS.md says', () => {
    expect(hasRight(['ROLE_OPERATOR'], 'records:manage')).toBe(true);
    expect(hasRight(['ROLE_OPERATOR'], 'billing:view')).toBe(false);
    expect(hasRight(['ROLE_OPERATOR'], 'users:read')).toBe(false);
    expect(hasRight(authoritiesOf(['ROLE_ADMIN']), 'billing:view')).toBe(true);
    expect(hasRight(['ROLE_ADMIN'], 'billing:cycles')).toBe(false);
    expect(hasRight(['ROLE_SYSTEM'], 'billing:cycles')).toBe(true);
    expect(hasRight(['ROLE_SYSTEM'], 'records:manage')).toBe(false);
    expect(hasRight(['ROLE_TEACHER'], 'schedules:confirmOwn')).toBe(true);
    expect(hasRight(['ROLE_TEACHER'], 'dashboard:view')).toBe(false);
    expect(hasRight(['ROLE_CUSTOMER'], 'portal:own')).toBe(true);
    expect(hasRight(['ROLE_CUSTOMER'], 'records:manage')).toBe(false);
    expect(hasRight(['ROLE_OPERATOR'], 'households:invite')).toBe(true);
    expect(hasRight(['ROLE_OPERATOR'], 'portal:own')).toBe(false);
    // Connecting the centre's own Stripe account (family card payments): its admin only.
    expect(hasRight(authoritiesOf(['ROLE_ADMIN']), 'payments:connect')).toBe(true);
    for (const role of ['ROLE_OPERATOR', 'ROLE_TEACHER', 'ROLE_SYSTEM', 'ROLE_CUSTOMER'])
      expect(hasRight([role], 'payments:connect'), role).toBe(false);
  });

  it('grants nothing to unknown roles or no user, and "public" to everyone', () => {
    expect(hasRight(['ROLE_HACKER'], 'account:own')).toBe(false);
    expect(hasRight(undefined, 'account:own')).toBe(false);
    expect(hasRight(undefined, 'public')).toBe(true);
  });

  it('every right is held by some role', () => {
    const held = new Set(Object.values(rightsByRole).flat());
    expect(rights.filter((r) => !held.has(r))).toEqual([]);
  });
});
