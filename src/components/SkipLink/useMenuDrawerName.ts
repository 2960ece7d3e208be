import { useEffect } from 'react';

/**
 * On a phone ProLayout shows the menu in an antd Drawer (a dialog) that it gives no name and no way to
 * pass one (WCAG 4.1.2, issue 19): name it when it opens. The query is cheap (one attribute selector) and runs only when nodes are added.
 */
export function useMenuDrawerName(name: string): void {
  useEffect(() => {
    const nameDrawers = () => {
      for (const dialog of document.querySelectorAll('[role="dialog"][class*="-drawer-sider"]:not([aria-label])')) {
        dialog.setAttribute('aria-label', name);
      }
    };
    nameDrawers();
    const observer = new MutationObserver(nameDrawers);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [name]);
}
