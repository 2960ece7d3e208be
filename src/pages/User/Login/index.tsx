import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { history, Link, useIntl, useSearchParams } from '@umijs/max';
import { Alert, Button, Checkbox, Form, Input, message, Tabs } from 'antd';
import { useState } from 'react';
import UserPage from '@/components/UserPage';
import { accountRules } from '@/utils/accountRules';
import { safeRedirectPath } from '@/utils/redirect';
import { toRequestFailure } from '@/utils/requestError';
import { useSignIn } from '../useSignIn';
import { loginFailureText } from './loginError';
import PhoneSignIn from './PhoneSignIn';
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
  const [submitting, setSubmitting] = useState(false);
  const [tab, setTab] = useState<'account' | 'phone'>('account');
  const rules = accountRules(t);

  /** Signs in with a fresh token and goes on; returns what to show when the account cannot be loaded. */
  const onToken = async (token: string): Promise<string | undefined> => {
    const signedIn = await signIn(token);
    if (!signedIn) return t('request.error.retry');
    message.success(t('pages.login.success'), WELCOME_SECONDS);
    setTimeout(() => {
      // Other rights than last time: start from the root path, not from a page of the old rights.
      if (signedIn.authoritiesChanged) history.replace('/');
      else history.push(safeRedirectPath(searchParams.get('redirect'), window.location.origin));
    }, REDIRECT_DELAY_MS);
    return undefined;
  };

  const onFinish = async (values: LoginValues) => {
    setFailure(undefined);
    let token: string;
    try {
      token = (await authenticate(values)).id_token;
    } catch (error) {
      setFailure(loginFailureText(toRequestFailure(error), t));
      return;
    }
    setFailure(await onToken(token));
  };

  return (
    <UserPage>
      {/* Plain antd Form, not pro-components' LoginForm: that one loads ProForm with every field
          type (~250 kB brotli) on the page every visitor opens first (issue 6, section 2). */}
      <div style={{ width: 328, maxWidth: '100%', margin: '0 auto', paddingTop: 24 }}>
        <div style={{ textAlign: 'center', marginBottom: 40 }}>
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 16, height: 44 }}>
            <img alt="" src="/logo.svg" height={44} />
            <h1 style={{ margin: 0, fontSize: 33, fontWeight: 600, color: 'rgba(0, 0, 0, 0.88)' }}>Level Up</h1>
          </div>
          <div style={{ marginTop: 12, fontSize: 14, color: 'rgba(0, 0, 0, 0.65)' }}>{t('pages.login.subTitle')}</div>
        </div>
        <Tabs
          centered
          activeKey={tab}
          onChange={(key) => setTab(key as 'account' | 'phone')}
          items={[
            { key: 'account', label: t('pages.login.accountTab') },
            { key: 'phone', label: t('pages.login.phoneTab') },
          ]}
        />
        {tab === 'phone' && <PhoneSignIn onToken={onToken} />}
        <Form<LoginValues>
          style={tab === 'account' ? undefined : { display: 'none' }}
          initialValues={{ rememberMe: true }}
          onFinish={async (values) => {
            setSubmitting(true);
            try {
              await onFinish(values);
            } finally {
              setSubmitting(false);
            }
          }}
        >
          {failure && <Alert style={{ marginBottom: 24 }} type="error" showIcon message={failure} />}
          <Form.Item name="username" rules={rules.signInName}>
            <Input
              size="large"
              prefix={<UserOutlined />}
              autoComplete="username"
              placeholder={t('pages.login.username')}
            />
          </Form.Item>
          <Form.Item name="password" rules={rules.signInPassword}>
            <Input.Password
              size="large"
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder={t('pages.login.password')}
            />
          </Form.Item>
          <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 24 }}>
            <Form.Item noStyle name="rememberMe" valuePropName="checked">
              <Checkbox>{t('pages.login.rememberMe')}</Checkbox>
            </Form.Item>
            <span style={{ display: 'flex', gap: 16 }}>
              <Link to="/user/reset-password">{t('pages.login.forgotPassword')}</Link>
              <Link to="/user/register">{t('pages.login.register')}</Link>
            </span>
          </div>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('pages.login.submit')}
          </Button>
        </Form>
      </div>
    </UserPage>
  );
}
