import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { history, useIntl, useModel } from '@umijs/max';
import { Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { endSession } from '@/services/account';
import { LOGIN_PATH } from '@/utils/redirect';
import { clearToken, getToken } from '@/utils/session';

/** The avatar menu in the layout: Account Information and Logout. */
export default function AvatarDropdown({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { setInitialState } = useModel('@@initialState');

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') {
      // The server ends the session (the token stops working everywhere); this device forgets it now.
      void endSession(getToken());
      clearToken();
      // Leave the layout first, so it never renders for a signed-out user (it would show 403s).
      history.replace(LOGIN_PATH);
      setInitialState((state) => state && { ...state, currentUser: undefined, loadFailure: undefined });
      return;
    }
    history.push('/profile');
  };

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: intl.formatMessage({ id: 'menu.account.profile' }) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: intl.formatMessage({ id: 'menu.account.logout' }) },
  ];
  return <Dropdown menu={{ items, onClick }}>{children}</Dropdown>;
}
