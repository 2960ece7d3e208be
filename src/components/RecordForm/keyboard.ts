import { type KeyboardEvent, useEffect } from 'react';

/** What can take the focus in a form body, in document order (antd selects and pickers hold an input). */
const FOCUSABLE = [
  'input:not([disabled]):not([type="hidden"]):not([readonly])',
  'textarea:not([disabled])',
  'button[role="switch"]:not([disabled])',
].join(', ');

/**
 * Once `open`, puts the focus on the first field inside `selector` as soon as it is there. The modal
 * focuses its own frame only when the focus is outside it, so a field focused first keeps it.
 */
export function useFirstFieldFocus(open: boolean, selector: string): void {
  useEffect(() => {
    if (!open) return;
    let timer: ReturnType<typeof setTimeout>;
    const tryFocus = (attemptsLeft: number) => {
      const container = document.querySelector(selector);
      // The first one shown (ProForm keeps a hidden input of its own at the top of the form).
      const first = [...(container?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].find(
        (element) => element.getClientRects().length > 0,
      );
      if (first && !container?.contains(document.activeElement)) first.focus();
      if (container?.contains(document.activeElement) || attemptsLeft === 0) return;
      timer = setTimeout(() => tryFocus(attemptsLeft - 1), 50);
    };
    tryFocus(40);
    return () => clearTimeout(timer);
  }, [open, selector]);
}

/**
 * True when Enter in this key event should submit the form: not while an IME composes (Chinese
 * input confirms a word with Enter), not in a multi-line text, on a button (it presses it), in a
 * select whose list is open (Enter picks the option) or in a field's popup (the teacher colour's hex
 * code): React passes a popup's keys up to the form although the popup is not inside it.
 */
export function isSubmitKey(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  if (event.nativeEvent.isComposing || event.keyCode === 229) return false;
  const target = event.target as HTMLElement;
  if (target.tagName === 'TEXTAREA' || target.tagName === 'BUTTON') return false;
  const host = event.currentTarget as HTMLElement | null | undefined;
  if (host && !host.contains(target)) return false;
  return target.getAttribute('aria-expanded') !== 'true';
}
