import { history, useIntl, useModel } from '@umijs/max';
import { Button, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { LOGIN_PATH } from '@/utils/redirect';
import { clearToken } from '@/utils/session';
import { logoutEverywhere } from '../service';

/** Revokes every token of the user (all devices), then signs out here too. */
export default function SignOutEverywhere() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { setInitialState } = useModel('@@initialState');
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    setBusy(true);
    try {
      await logoutEverywhere();
    } catch {
      setBusy(false); // the request layer has shown the error
      return;
    }
    clearToken();
    history.replace(LOGIN_PATH);
    setInitialState((state) => state && { ...state, currentUser: undefined });
  };

  return (
    <>
      <Typography.Paragraph>{t('pages.profile.signOutEverywhere.text')}</Typography.Paragraph>
      <Popconfirm title={t('pages.profile.signOutEverywhere.confirm')} onConfirm={onConfirm}>
        <Button danger loading={busy}>
          {t('pages.profile.signOutEverywhere')}
        </Button>
      </Popconfirm>
    </>
  );
}
