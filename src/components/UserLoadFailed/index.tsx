import { history, useIntl, useModel } from '@umijs/max';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { showRequestError } from '@/requestErrorConfig';
import { loadCurrentUser, type UserLoadFailure } from '@/utils/currentUser';
import { loginUrlFor } from '@/utils/redirect';

/**
 * What the layout shows instead of a page while the signed-in user cannot be loaded (the server is
 * unreachable or failing): the user stays signed in and on the page, and can try again.
 */
export default function UserLoadFailed({ failure = 'network' }: { failure?: UserLoadFailure }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { setInitialState } = useModel('@@initialState');
  const [busy, setBusy] = useState(false);

  const retry = async () => {
    setBusy(true);
    const load = await loadCurrentUser();
    setBusy(false);
    if (load.failure) {
      showRequestError(load.error);
      return;
    }
    // A 401 meanwhile: signed out, to the login page like any other 401.
    if (!load.currentUser) history.replace(loginUrlFor(window.location));
    setInitialState((state) => state && { ...state, currentUser: load.currentUser, loadFailure: undefined });
  };

  return (
    <Result
      status="warning"
      title={
        <h1 className="levelup-page-title">
          {t(failure === 'network' ? 'request.error.network' : 'pages.userLoadFailed.title')}
        </h1>
      }
      subTitle={t('pages.userLoadFailed.text')}
      extra={
        <Button type="primary" loading={busy} onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
