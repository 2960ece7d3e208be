import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormCheckbox, ProFormText } from '@ant-design/pro-components';
import { history, Link, useIntl, useSearchParams } from '@umijs/max';
import { Alert, message, Tabs } from 'antd';
import { useState } from 'react';
import UserPage from '@/components/UserPage';
import { accountRules } from '@/utils/accountRules';
import { safeRedirectPath } from '@/utils/redirect';
import { toRequestFailure } from '@/utils/requestError';
import { useSignIn } from '../useSignIn';
import { loginFailureText } from './loginError';
import { authenticate, type LoginValues } from './service';

/** Spec section 4: the welcome message shows for 2 s; the redirect follows after 100 ms. */
const WELCOME_SECONDS = 2;
const REDIRECT_DELAY_MS = 100;

export default function LoginPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const signIn = useSignIn();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<string>();
  const rules = accountRules(t);

  const onFinish = async (values: LoginValues) => {
    setFailure(undefined);
    let token: string;
    try {
      token = (await authenticate(values)).id_token;
    } catch (error) {
      setFailure(loginFailureText(toRequestFailure(error), t));
      return;
    }
    const signedIn = await signIn(token);
    if (!signedIn) {
      setFailure(t('request.error.retry'));
      return;
    }
    message.success(t('pages.login.success'), WELCOME_SECONDS);
    setTimeout(() => {
      // Other rights than last time: start from the root path, not from a page of the old rights.
      if (signedIn.authoritiesChanged) history.replace('/');
      else history.push(safeRedirectPath(searchParams.get('redirect'), window.location.origin));
    }, REDIRECT_DELAY_MS);
  };

  return (
    <UserPage>
      <LoginForm<LoginValues>
        logo={<img alt="" src="/logo.svg" />}
        title="Level Up"
        subTitle={t('pages.login.subTitle')}
        initialValues={{ rememberMe: true }}
        submitter={{ searchConfig: { submitText: t('pages.login.submit') } }}
        onFinish={onFinish}
      >
        <Tabs centered items={[{ key: 'account', label: t('pages.login.accountTab') }]} />
        {failure && <Alert style={{ marginBottom: 24 }} type="error" showIcon message={failure} />}
        <ProFormText
          name="username"
          fieldProps={{ size: 'large', prefix: <UserOutlined />, autoComplete: 'username' }}
          placeholder={t('pages.login.username')}
          rules={rules.signInName}
        />
        <ProFormText.Password
          name="password"
          fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'current-password' }}
          placeholder={t('pages.login.password')}
          rules={rules.signInPassword}
        />
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 24 }}>
          <ProFormCheckbox noStyle name="rememberMe">
            {t('pages.login.rememberMe')}
          </ProFormCheckbox>
          <Link to="/user/register">{t('pages.login.register')}</Link>
        </div>
      </LoginForm>
    </UserPage>
  );
}
