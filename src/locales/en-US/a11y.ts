// Accessibility (issue 19): texts that only assistive technology or the keyboard meets.
export default {
  'a11y.skipToContent': 'Skip to main content',
  'a11y.selectRow': 'Select {name}',
  'a11y.selectAllRows': 'Select all rows on this page',
  'a11y.menu': 'Main menu',
  'a11y.notifications': 'Notifications, {count} unread',
};
