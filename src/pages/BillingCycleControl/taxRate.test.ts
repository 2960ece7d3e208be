import { describe, expect, it } from 'vitest';
import { percentToRate, taxPercent } from './taxRate';

describe('tax rate as a percentage', () => {
  it.each([
    ['0', '0%'],
    ['0.13', '13%'],
    ['0.05', '5%'],
    ['0.135', '13.5%'],
    ['0.000001', '0.0001%'],
    ['0.999999', '99.9999%'],
    ['0.1', '10%'],
  ])('%s shows as %s', (rate, percent) => expect(taxPercent(rate)).toBe(percent));

  it.each([
    ['13', '0.13'],
    ['5', '0.05'],
    ['13.5', '0.135'],
    ['0', '0'],
    ['0.0001', '0.000001'],
    [' 99.9999 ', '0.999999'],
    ['10', '0.1'],
  ])('%s%% is the rate %s', (percent, rate) => expect(percentToRate(percent)).toBe(rate));

  it.each(['100', '-1', '13.12345', 'abc', ''])('refuses %j', (percent) =>
    expect(percentToRate(percent)).toBeUndefined(),
  );

  it('round-trips', () => {
    for (const rate of ['0', '0.13', '0.135', '0.000001', '0.08'])
      expect(percentToRate(taxPercent(rate).slice(0, -1))).toBe(rate);
  });
});
