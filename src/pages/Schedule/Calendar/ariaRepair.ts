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

/**
 * The week and day views scroll their hours in a box of their own. With no class in the range there
 * is nothing in it to focus, so a keyboard user could not scroll to the evening (axe:
 * scrollable-region-focusable, WCAG 2.1.1): the box then takes focus itself, as a region named `label`.
 */
export function focusableHours(root: ParentNode, label: string) {
  for (const element of root.querySelectorAll('.rbc-time-content')) {
    // A class in it takes focus (and the arrow keys then scroll): the box stays out of the tab order.
    if (element.querySelector('[tabindex="0"]')) {
      for (const name of ['tabindex', 'role', 'aria-label']) {
        if (element.hasAttribute(name)) element.removeAttribute(name);
      }
      continue;
    }
    if (element.getAttribute('tabindex') !== '0') element.setAttribute('tabindex', '0');
    if (element.getAttribute('role') !== 'region') element.setAttribute('role', 'region');
    if (element.getAttribute('aria-label') !== label) element.setAttribute('aria-label', label);
  }
}

function repair(root: ParentNode, hoursLabel: string) {
  removeBrokenRoles(root);
  unfocusBackgroundEvents(root);
  focusableHours(root, hoursLabel);
}

/**
 * A callback ref for the calendar's box: repairs the roles whenever the calendar draws; `hoursLabel`
 * names the week and day views' scrolling hours.
 */
export function useAriaRepair(hoursLabel: string) {
  const observer = useRef<MutationObserver>();
  return useCallback(
    (root: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = undefined;
      if (!root) return;
      repair(root, hoursLabel);
      observer.current = new MutationObserver(() => repair(root, hoursLabel));
      // Attributes too: a redrawn block may get its tabindex back. The repair writes only what differs,
      // so its own writes settle.
      observer.current.observe(root, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['tabindex', 'role', 'aria-label'],
      });
    },
    [hoursLabel],
  );
}
