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

/**
 * A teacher's availability and time off are drawn as background events, which react-big-calendar makes
 * buttons in the tab order like real classes: a keyboard user tabbed through dozens of blocks that do
 * nothing. They are taken out of the tab order and lose the button role (their title still says what
 * they are); real events keep theirs.
 */
export function unfocusBackgroundEvents(root: ParentNode) {
  for (const element of root.querySelectorAll('.rbc-background-event')) {
    if (element.getAttribute('tabindex') !== '-1') element.setAttribute('tabindex', '-1');
    if (element.hasAttribute('role')) element.removeAttribute('role');
  }
}

function repair(root: ParentNode) {
  removeBrokenRoles(root);
  unfocusBackgroundEvents(root);
}

/** A callback ref for the calendar's box: repairs the roles whenever the calendar draws. */
export function useAriaRepair() {
  const observer = useRef<MutationObserver>();
  return useCallback((root: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = undefined;
    if (!root) return;
    repair(root);
    observer.current = new MutationObserver(() => repair(root));
    // Attributes too: a redrawn block may get its tabindex back. The repair writes only what differs,
    // so its own writes settle.
    observer.current.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['tabindex', 'role'],
    });
  }, []);
}
