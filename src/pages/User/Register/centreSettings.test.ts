import { describe, expect, it } from 'vitest';
import { ZCurrency, ZTimeZone } from '../../../contracts/account';
import {
  COMMON_CURRENCIES,
  currencyOptions,
  DEFAULT_TIME_ZONE,
  defaultTimeZone,
  supportedTimeZones,
  timeZoneOptions,
} from './centreSettings';

describe('register form: time zone and currency choices', () => {
  const zones = supportedTimeZones();

  it("preselects the browser's zone, else America/Toronto", () => {
    expect(defaultTimeZone(zones, 'Europe/Paris')).toBe('Europe/Paris');
    expect(defaultTimeZone(zones, 'Etc/UTC')).toBe('UTC');
    expect(defaultTimeZone(zones, 'Mars/Olympus')).toBe(DEFAULT_TIME_ZONE);
    expect(defaultTimeZone(zones, undefined)).toBe(DEFAULT_TIME_ZONE);
  });

  it('labels a zone with its offset on the given day', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(timeZoneOptions(['America/Toronto', 'Asia/Shanghai'], winter)).toEqual([
      { value: 'America/Toronto', label: 'America/Toronto (GMT-05:00)' },
      { value: 'Asia/Shanghai', label: 'Asia/Shanghai (GMT+08:00)' },
    ]);
  });

  it("names currencies in the reader's language, CAD first", () => {
    expect(currencyOptions('en-US')[0]).toEqual({ value: 'CAD', label: 'CAD — Canadian Dollar' });
    expect(currencyOptions('zh-CN')[0]).toEqual({ value: 'CAD', label: 'CAD — 加拿大元' });
  });

  it('offers only values the server accepts', () => {
    for (const zone of zones) expect(ZTimeZone.safeParse(zone).success, zone).toBe(true);
    for (const code of COMMON_CURRENCIES) expect(ZCurrency.safeParse(code).success, code).toBe(true);
  });
});
