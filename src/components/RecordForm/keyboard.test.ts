import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { isSubmitKey } from './keyboard';

type Target = { tagName: string; attributes?: Record<string, string> };
const press = (
  key: string,
  target: Target,
  extra: { shiftKey?: boolean; isComposing?: boolean; inForm?: boolean } = {},
) => {
  const element = { tagName: target.tagName, getAttribute: (name: string) => target.attributes?.[name] ?? null };
  return {
    key,
    keyCode: key === 'Enter' ? 13 : 0,
    shiftKey: extra.shiftKey ?? false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    nativeEvent: { isComposing: extra.isComposing ?? false },
    target: element,
    // The form the handler is on: holds the field unless the field is in a popup outside it.
    currentTarget: { contains: (node: unknown) => node === element && extra.inForm !== false },
  } as unknown as KeyboardEvent<HTMLElement>;
};

describe('isSubmitKey', () => {
  it('saves on Enter in a one-line field or a closed select', () => {
    expect(isSubmitKey(press('Enter', { tagName: 'INPUT' }))).toBe(true);
    expect(isSubmitKey(press('Enter', { tagName: 'INPUT', attributes: { 'aria-expanded': 'false' } }))).toBe(true);
  });

  it('leaves Enter to the field where it means something else', () => {
    expect(isSubmitKey(press('Enter', { tagName: 'TEXTAREA' }))).toBe(false);
    expect(isSubmitKey(press('Enter', { tagName: 'BUTTON' }))).toBe(false);
    expect(isSubmitKey(press('Enter', { tagName: 'INPUT', attributes: { 'aria-expanded': 'true' } }))).toBe(false);
    // Chinese input methods confirm a word with Enter.
    expect(isSubmitKey(press('Enter', { tagName: 'INPUT' }, { isComposing: true }))).toBe(false);
    expect(isSubmitKey(press('Enter', { tagName: 'INPUT' }, { shiftKey: true }))).toBe(false);
    expect(isSubmitKey(press('a', { tagName: 'INPUT' }))).toBe(false);
    // A field's popup (the colour picker's hex code) is outside the form: Enter stays in the popup.
    expect(isSubmitKey(press('Enter', { tagName: 'INPUT' }, { inForm: false }))).toBe(false);
  });
});
