import { describe, expect, it } from 'vitest';
import { addressKey, FIRST_LOCKOUT_SECONDS, lockoutSeconds, MAX_LOCKOUT_SECONDS } from './login-throttle';

describe('addressKey', () => {
  it('keeps IPv4, also when IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64, however it is written', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(addressKey('2001:db8:85a3:42::1')).toBe(key);
    expect(addressKey('2001:0db8:85a3:0042:ffff:1:2:3')).toBe(key);
    expect(addressKey('2001:DB8:85A3:42:0:0:0:9')).toBe(key);
    expect(addressKey('2001:db8:85a3:43::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('passes anything else through, bounded', () => {
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('x'.repeat(500))).toHaveLength(64);
  });
});

describe('lockoutSeconds', () => {
  it('doubles from 15 minutes up to a day', () => {
    expect(lockoutSeconds(1)).toBe(FIRST_LOCKOUT_SECONDS);
    expect(lockoutSeconds(2)).toBe(FIRST_LOCKOUT_SECONDS * 2);
    expect(lockoutSeconds(3)).toBe(FIRST_LOCKOUT_SECONDS * 4);
    expect(lockoutSeconds(20)).toBe(MAX_LOCKOUT_SECONDS);
  });
});
