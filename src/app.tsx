import { UserOutlined } from '@ant-design/icons';
import { getLocale, history, Link, type RequestConfig, type RunTimeLayoutConfig } from '@umijs/max';
import type { ConfigProviderProps } from 'antd/es/config-provider';
import { type ComponentType, lazy, Suspense } from 'react';
import defaultSettings from '../config/defaultSettings';
import AvatarDropdown from './components/AvatarDropdown';
import LanguageSwitch from './components/LanguageSwitch';
import SkipLink, { MAIN_CONTENT_ID } from './components/SkipLink';
import type { TAccount } from './contracts/account';
import { errorConfig, showRequestError } from './requestErrorConfig';
import { reloadOnChunkError, watchChunkLoadErrors } from './utils/chunkReload';
import { loadCurrentUser, type UserLoadFailure } from './utils/currentUser';
import { displayName } from './utils/displayName';
import { forbiddenAt } from './utils/forbiddenAt';
import { isRtl } from './utils/locale';
import { loadLocaleMessages } from './utils/localeMessages';
import { loginUrlFor } from './utils/redirect';

/** A component loaded when first drawn, so that its code stays out of the entry script. */
function later<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  // lazy() types its props through PropsWithRef, which TypeScript cannot relate to a generic P.
  // A chunk gone after a deploy reloads the page once (utils/chunkReload.ts) instead of a blank area.
  const Lazy = lazy(reloadOnChunkError(load)) as unknown as ComponentType<P>;
  return (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}

// Drawn only inside the signed-in layout: not part of every first visit (the sign-in page).
const UserLoadFailed = later(() => import('./components/UserLoadFailed'));
const loadForbiddenPage = () => import('./pages/Exception/403');
const ForbiddenPage = later(loadForbiddenPage);
const NotFoundPage = later(() => import('./pages/Exception/404'));
const NoticeBell = later(() => import('./components/NoticeBell'));
const OverdueBanner = later(() => import('./components/OverdueBanner'));

export interface InitialState {
  currentUser?: TAccount;
  /** Set while a kept token's user cannot be loaded (server unreachable or failing): still signed in. */
  loadFailure?: UserLoadFailure;
  settings: typeof defaultSettings;
  /** The signed-in user, or undefined when there is no token or it no longer works. */
  fetchUserInfo: () => Promise<TAccount | undefined>;
}

/** Pages open without signing in: the sign-in pages, and a freed seat's claim link (issue 22). */
const isSignInPage = (pathname: string) =>
  pathname === '/user' || pathname.startsWith('/user/') || pathname.startsWith('/offers/');

async function fetchUserInfo(): Promise<TAccount | undefined> {
  return (await loadCurrentUser()).currentUser;
}

/** The "security layout": every page but /user/* needs a signed-in user, else it is the login page. */
export async function getInitialState(): Promise<InitialState> {
  const { location } = history;
  const onSignInPage = isSignInPage(location.pathname);
  const load = onSignInPage ? {} : await loadCurrentUser();
  // Only a 401 (or no token) signs out; an unreachable server shows the seed's network notice.
  if (load.failure) showRequestError(load.error);
  else if (!load.currentUser && !onSignInPage) history.replace(loginUrlFor(location));
  // A page this account may not open (a guardian on a desk link): its 403 page's code comes now, while
  // the layout draws, instead of after it (a blank frame of a second on a phone; issue 37, finding 15).
  if (load.currentUser && forbiddenAt(location.pathname, load.currentUser.authorities)) {
    loadForbiddenPage().catch(() => undefined);
  }
  // No network but a kept account (issue 11): the pages open as that user (the teacher's kept
  // classes); their requests fail with the network notice until the connection returns.
  if (load.failure && load.keptUser) return { currentUser: load.keptUser, settings: defaultSettings, fetchUserInfo };
  return { currentUser: load.currentUser, loadFailure: load.failure, settings: defaultSettings, fetchUserInfo };
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => ({
  ...initialState?.settings,
  logo: '/logo.svg',
  // The menu's "Level Up" is a brand, not the page's heading: ProLayout draws it as an h1, which gave
  // every page two (issue 19). The same look as a span; the page's own title is the h1.
  menuHeaderRender: (logo, title) => (
    <Link to="/">
      {logo}
      {title && <span className="levelup-brand">Level Up</span>}
    </Link>
  ),
  rightContentRender: false,
  actionsRender: () => [
    ...(initialState?.currentUser ? [<NoticeBell key="notices" />] : []),
    <LanguageSwitch key="lang" />,
  ],
  avatarProps: {
    icon: <UserOutlined />,
    size: 'small',
    // One line, cut short with the whole name as its title: a long name wrapped and was clipped by the
    // phone's header (issue 37, finding 15).
    title: (
      <span className="levelup-header-name" title={displayName(initialState?.currentUser)}>
        {displayName(initialState?.currentUser)}
      </span>
    ),
    render: (_props, avatar) => <AvatarDropdown>{avatar}</AvatarDropdown>,
  },
  onPageChange: () => {
    const { location } = history;
    const signedOut = !initialState?.currentUser && !initialState?.loadFailure;
    if (signedOut && !isSignInPage(location.pathname)) history.replace(loginUrlFor(location));
  },
  // Our 403 and 404 pages instead of the layout plugin's Chinese defaults.
  unAccessible: initialState?.loadFailure ? <UserLoadFailed failure={initialState.loadFailure} /> : <ForbiddenPage />,
  noFound: <NotFoundPage />,
  childrenRender: (children) =>
    initialState?.loadFailure ? (
      <UserLoadFailed failure={initialState.loadFailure} />
    ) : (
      <>
        <SkipLink />
        <OverdueBanner user={initialState?.currentUser} />
        <div id={MAIN_CONTENT_ID} tabIndex={-1}>
          {children}
        </div>
      </>
    ),
});

export const request: RequestConfig = errorConfig;

/**
 * Text direction for the antd ConfigProvider (the locale plugin's own provider follows the same
 * rule); `document.dir` below covers what antd does not draw.
 */
export const antd = (memo: ConfigProviderProps): ConfigProviderProps => ({
  ...memo,
  direction: isRtl(getLocale()) ? 'rtl' : 'ltr',
  // A person who asked the system for less motion gets dialogs, drawers and menus that appear at once
  // instead of zooming and sliding in (WCAG 2.3.3); the browser tests ask for it too, so a click never
  // lands on a dialog still zooming in on a loaded machine.
  theme: prefersReducedMotion() ? { ...memo.theme, token: { ...memo.theme?.token, motion: false } } : memo.theme,
});

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The offline app (issue 11): the service worker, its update notice and the offline notice, loaded
 * after the page's load event so that none of it delays the first screen (the sign-in page), and only
 * in production builds (the dev server has no sw.js).
 */
function startOfflineAppAfterLoad(): void {
  if (process.env.NODE_ENV !== 'production') return;
  const start = () => {
    import('./utils/serviceWorker').then(({ startOfflineApp }) => startOfflineApp()).catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

export function render(oldRender: () => void) {
  // "Loading chunk {n} failed" after a deploy: reload once onto the new release (spec section 8).
  watchChunkLoadErrors();
  startOfflineAppAfterLoad();
  const locale = getLocale();
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  // A language other than en-US has its messages in their own chunk: render once they are in (a chunk
  // gone after a deploy reloads the page, utils/chunkReload.ts; the page renders in any case).
  loadLocaleMessages(locale)
    .catch(() => undefined)
    .then(oldRender);
}
