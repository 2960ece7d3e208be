import { type KeyboardEvent, useState } from 'react';
import { isSubmitKey } from '@/components/RecordForm/keyboard';

/**
 * Enter saves the class only from a plain text field (address, rates): in the date field or a time
 * picker Enter commits what was typed, and saving there would save a class whose times were not set
 * yet (issue 19); selects open or pick with Enter.
 */
export function isScheduleSubmitKey(event: KeyboardEvent<HTMLElement>): boolean {
  if (!isSubmitKey(event)) return false;
  const target = event.target as HTMLElement;
  return target.tagName === 'INPUT' && target.getAttribute('role') !== 'combobox' && !target.closest('.ant-picker');
}

/**
 * A multiple select whose open list lets Tab leave: antd's list takes Tab to pick the active option
 * and keeps focus (a keyboard trap, WCAG 2.1.2). Tab now closes the list and moves on; Enter picks.
 */
export function useTabLeavesSelect() {
  const [open, setOpen] = useState(false);
  return {
    fieldProps: { open, onDropdownVisibleChange: setOpen },
    onKeyDownCapture: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Tab' || !open) return;
      // Before the select sees it: the browser's Tab then moves focus as anywhere else.
      event.stopPropagation();
      setOpen(false);
    },
  };
}
