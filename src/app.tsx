import { UserOutlined } from '@ant-design/icons';
import { getLocale, history, type RequestConfig, type RunTimeLayoutConfig, SelectLang } from '@umijs/max';
import type { ConfigProviderProps } from 'antd/es/config-provider';
import defaultSettings from '../config/defaultSettings';
import AvatarDropdown from './components/AvatarDropdown';
import type { TAccount } from './contracts/account';
import ForbiddenPage from './pages/Exception/403';
import NotFoundPage from './pages/Exception/404';
import { errorConfig } from './requestErrorConfig';
import { fetchAccount } from './services/account';
import { displayName } from './utils/displayName';
import { isRtl } from './utils/locale';
import { loginUrlFor } from './utils/redirect';
import { clearAllStorage, getToken } from './utils/session';

export interface InitialState {
  currentUser?: TAccount;
  settings: typeof defaultSettings;
  /** The signed-in user, or undefined when there is no token or it no longer works. */
  fetchUserInfo: () => Promise<TAccount | undefined>;
}

const isSignInPage = (pathname: string) => pathname === '/user' || pathname.startsWith('/user/');

async function fetchUserInfo(): Promise<TAccount | undefined> {
  if (!getToken()) return undefined;
  try {
    return await fetchAccount();
  } catch {
    // Spec section 8: failing to fetch the current user clears all local storage.
    clearAllStorage();
    return undefined;
  }
}

/** The "security layout": every page but /user/* needs a signed-in user, else it is the login page. */
export async function getInitialState(): Promise<InitialState> {
  const { location } = history;
  const onSignInPage = isSignInPage(location.pathname);
  const currentUser = onSignInPage ? undefined : await fetchUserInfo();
  if (!currentUser && !onSignInPage) history.replace(loginUrlFor(location));
  return { currentUser, settings: defaultSettings, fetchUserInfo };
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => ({
  ...initialState?.settings,
  logo: '/logo.svg',
  rightContentRender: false,
  actionsRender: () => [<SelectLang key="lang" />],
  avatarProps: {
    icon: <UserOutlined />,
    size: 'small',
    title: displayName(initialState?.currentUser),
    render: (_props, avatar) => <AvatarDropdown>{avatar}</AvatarDropdown>,
  },
  onPageChange: () => {
    const { location } = history;
    if (!initialState?.currentUser && !isSignInPage(location.pathname)) history.replace(loginUrlFor(location));
  },
  // Our 403 and 404 pages instead of the layout plugin's Chinese defaults.
  unAccessible: <ForbiddenPage />,
  noFound: <NotFoundPage />,
});

export const request: RequestConfig = errorConfig;

/**
 * Text direction for the antd ConfigProvider (the locale plugin's own provider follows the same
 * rule); `document.dir` below covers what antd does not draw.
 */
export const antd = (memo: ConfigProviderProps): ConfigProviderProps => ({
  ...memo,
  direction: isRtl(getLocale()) ? 'rtl' : 'ltr',
});

export function render(oldRender: () => void) {
  const locale = getLocale();
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  oldRender();
}
