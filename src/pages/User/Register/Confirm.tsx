import { history, Link, useIntl } from '@umijs/max';
import { Alert, message, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { isErrorReply, toRequestFailure } from '@/utils/requestError';
import { loginFailureText } from '../Login/loginError';
import { useSignIn } from '../useSignIn';
import { confirmRegistration } from './service';

/**
 * The emailed link (`/user/register?key=`): the server makes the centre and its first admin, who is
 * signed in and lands on the dashboard. A link that cannot be used says so, with the way back.
 */
export default function ConfirmRegistration({ registrationKey }: { registrationKey: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link's key is used once, on arrival
  useEffect(() => {
    const finish = async () => {
      let token: string;
      try {
        token = (await confirmRegistration(registrationKey)).id_token;
      } catch (error) {
        const reply = toRequestFailure(error);
        const body = isErrorReply(reply.body) ? reply.body : undefined;
        setFailure(body?.fieldErrors?.[0]?.message ?? body?.errorMessage ?? loginFailureText(reply, t));
        return;
      }
      // The centre exists: if its account cannot be loaded now, signing in by hand still works.
      if (!(await signIn(token))) {
        history.push('/user/login');
        return;
      }
      message.success(t('pages.register.signedIn'));
      history.replace('/dashboard');
    };
    void finish();
  }, [registrationKey]);

  return (
    <div style={{ width: 360, maxWidth: '100%', margin: '0 auto', paddingTop: 24 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('pages.register.title')}
      </Typography.Title>
      {failure ? (
        <>
          <Alert type="error" showIcon message={failure} />
          <div style={{ textAlign: 'center', marginTop: 24 }}>
            <Link to="/user/register">{t('pages.register.again')}</Link>
          </div>
        </>
      ) : (
        <Spin tip={t('pages.register.finishing')}>
          <div style={{ height: 80 }} />
        </Spin>
      )}
    </div>
  );
}
