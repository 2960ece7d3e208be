import { useCallback, useRef } from 'react';

/**
 * react-big-calendar's week and day views mark their all-day row as a table row group and row without
 * a table or cells around them (axe: aria-required-parent / aria-required-children). Those rows are
 * layout, not data: their roles are removed as the calendar draws them. The month view's table puts
 * the events (buttons, so that the keyboard reaches them) straight inside its rows, where only cells
 * may be (aria-required-children): it is drawn as a plain grid of day numbers and events instead.
 */
const BROKEN = [
  '.rbc-time-view [role="rowgroup"]',
  '.rbc-time-view [role="row"]',
  '.rbc-time-view [role="columnheader"]',
  '.rbc-month-view[role="table"]',
  '.rbc-month-view [role="rowgroup"]',
  '.rbc-month-view [role="row"]',
  '.rbc-month-view [role="cell"]',
  '.rbc-month-view [role="columnheader"]',
].join(', ');

export function removeBrokenRoles(root: ParentNode) {
  for (const element of root.querySelectorAll(BROKEN)) {
    element.removeAttribute('role');
    element.removeAttribute('aria-sort'); // the column headers' "none": allowed on a columnheader only
  }
}

/** A callback ref for the calendar's box: repairs the roles whenever the calendar draws. */
export function useAriaRepair() {
  const observer = useRef<MutationObserver>();
  return useCallback((root: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = undefined;
    if (!root) return;
    removeBrokenRoles(root);
    observer.current = new MutationObserver(() => removeBrokenRoles(root));
    observer.current.observe(root, { childList: true, subtree: true });
  }, []);
}
