import { describe, expect, it } from 'vitest';
import { sinProblem } from './sinRule';

describe('sinProblem', () => {
  it('accepts 9 digits, the masked value and nothing', () => {
    expect(sinProblem('046454286')).toBeUndefined();
    expect(sinProblem(' 046454286 ')).toBeUndefined();
    expect(sinProblem('******286')).toBeUndefined();
    expect(sinProblem('')).toBeUndefined();
    expect(sinProblem(undefined)).toBeUndefined();
  });

  it('refuses anything else with the seed message', () => {
    for (const bad of ['12345678', '1234567890', '12345678a', '046-454-286', '*****286']) {
      expect(sinProblem(bad)).toBe('SIN must be exactly 9 digits');
    }
  });
});
