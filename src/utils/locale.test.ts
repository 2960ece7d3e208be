import { describe, expect, it } from 'vitest';
import { isRtl } from './locale';

describe('isRtl', () => {
  it('is true for Hebrew, Arabic, Persian and Kurdish', () => {
    for (const locale of ['he-IL', 'ar-EG', 'fa-IR', 'ku-IQ', 'ar', 'AR-sa']) expect(isRtl(locale)).toBe(true);
  });

  it('is false for left-to-right languages and for no locale', () => {
    for (const locale of ['en-US', 'zh-CN', 'fr-FR', '']) expect(isRtl(locale)).toBe(false);
    expect(isRtl(undefined)).toBe(false);
  });
});
