import { useIntl } from '@umijs/max';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMenuDrawerName } from './useMenuDrawerName';

/** The id of the element around each page's content (src/app.tsx), where the skip link goes. */
export const MAIN_CONTENT_ID = 'levelup-main';

/**
 * "Skip to main content" (WCAG 2.4.1, issue 19): the first thing Tab reaches on every page with the
 * menu, shown only while focused; Enter moves focus past the menu and header to the page itself.
 * Drawn at the start of <body>, before the layout's menu, so it comes first in the Tab order. Also
 * names the phone's menu drawer.
 */
export default function SkipLink() {
  const intl = useIntl();
  const [host, setHost] = useState<HTMLElement>();
  useMenuDrawerName(intl.formatMessage({ id: 'a11y.menu' }));
  useEffect(() => {
    const element = document.createElement('div');
    document.body.prepend(element);
    setHost(element);
    return () => element.remove();
  }, []);
  if (!host) return null;
  return createPortal(
    <a
      className="levelup-skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {intl.formatMessage({ id: 'a11y.skipToContent' })}
    </a>,
    host,
  );
}
