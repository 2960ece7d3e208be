import { describe, expect, it } from 'vitest';
import { authoritiesChanged, parseStoredAuthorities } from './authority';

describe('parseStoredAuthorities', () => {
  it('reads a JSON list of roles', () => {
    expect(parseStoredAuthorities('["ROLE_ADMIN","ROLE_OPERATOR"]')).toEqual(['ROLE_ADMIN', 'ROLE_OPERATOR']);
  });

  it('reads nothing, junk and non-lists as no copy', () => {
    expect(parseStoredAuthorities(null)).toBeUndefined();
    expect(parseStoredAuthorities('not json')).toBeUndefined();
    expect(parseStoredAuthorities('"ROLE_ADMIN"')).toBeUndefined();
    expect(parseStoredAuthorities('[1,"ROLE_TEACHER"]')).toEqual(['ROLE_TEACHER']);
    expect(parseStoredAuthorities('[]')).toEqual([]);
  });
});

describe('authoritiesChanged', () => {
  it('ignores order', () => {
    expect(authoritiesChanged(['ROLE_OPERATOR', 'ROLE_ADMIN'], ['ROLE_ADMIN', 'ROLE_OPERATOR'])).toBe(false);
  });

  it('sees no change without a stored copy (first sign-in on this device)', () => {
    expect(authoritiesChanged(undefined, ['ROLE_TEACHER'])).toBe(false);
  });

  it('sees added, removed and replaced roles', () => {
    expect(authoritiesChanged([], ['ROLE_TEACHER'])).toBe(true);
    expect(authoritiesChanged(['ROLE_ADMIN', 'ROLE_OPERATOR'], ['ROLE_OPERATOR'])).toBe(true);
    expect(authoritiesChanged(['ROLE_TEACHER'], ['ROLE_SYSTEM'])).toBe(true);
  });
});
