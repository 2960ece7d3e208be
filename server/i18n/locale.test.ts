import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale';

describe('pickLocale', () => {
  it('answers in Chinese when the best language is Chinese', () => {
    expect(pickLocale('zh-CN')).toBe('zh-CN');
    expect(pickLocale('zh')).toBe('zh-CN');
    expect(pickLocale('ZH-hans-CN, en;q=0.8')).toBe('zh-CN');
    expect(pickLocale('en;q=0.5, zh-CN;q=0.9')).toBe('zh-CN');
  });

  it('answers in English otherwise', () => {
    expect(pickLocale(undefined)).toBe('en-US');
    expect(pickLocale('')).toBe('en-US');
    expect(pickLocale('en-US')).toBe('en-US');
    expect(pickLocale('en-US, zh-CN;q=0.9')).toBe('en-US');
    expect(pickLocale('fr-FR, zh-CN;q=0.5')).toBe('en-US');
    expect(pickLocale('zh-CN;q=0, en')).toBe('en-US');
    expect(pickLocale('zhx')).toBe('en-US');
    expect(pickLocale('*')).toBe('en-US');
  });
});
