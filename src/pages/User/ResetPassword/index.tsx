import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { history, useIntl, useSearchParams } from '@umijs/max';
import { Alert, Button, Form, Input, message, Typography } from 'antd';
import { useState } from 'react';
import UserPage from '@/components/UserPage';
import { accountRules } from '@/utils/accountRules';
import { isErrorReply, toRequestFailure } from '@/utils/requestError';
import { loginFailureText } from '../Login/loginError';
import { finishPasswordReset, requestPasswordReset } from './service';

type Translate = (id: string, values?: Record<string, string | number>) => string;

/** An in-app link in antd's link colour (these links sit outside any antd form or card). */
function PageLink({ to, children }: { to: string; children: string }) {
  return (
    <Typography.Link
      href={to}
      onClick={(event) => {
        event.preventDefault();
        history.push(to);
      }}
    >
      {children}
    </Typography.Link>
  );
}

/** Without a key: ask for a link by email. With `?key=` (the link in that email): choose a new password. */
export default function ResetPasswordPage() {
  const intl = useIntl();
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  return (
    <UserPage>
      <div style={{ width: 328, maxWidth: '100%', margin: '0 auto', paddingTop: 24 }}>
        {key ? <NewPasswordForm resetKey={key} t={t} /> : <RequestForm t={t} />}
        <div style={{ textAlign: 'center', marginTop: 24 }}>
          <PageLink to="/user/login">{t('pages.reset.backToSignIn')}</PageLink>
        </div>
      </div>
    </UserPage>
  );
}

function RequestForm({ t }: { t: Translate }) {
  const [sent, setSent] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const onFinish = async ({ login }: { login: string }) => {
    setFailure(undefined);
    setSubmitting(true);
    try {
      setSent((await requestPasswordReset(login.trim())).validMinutes);
    } catch (error) {
      const reply = toRequestFailure(error);
      setFailure(
        isErrorReply(reply.body) && reply.body.errorMessage ? reply.body.errorMessage : loginFailureText(reply, t),
      );
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('pages.reset.requestTitle')}
      </Typography.Title>
      {sent !== undefined ? (
        <Alert type="success" showIcon message={t('pages.reset.sent', { minutes: sent })} />
      ) : (
        <Form<{ login: string }> layout="vertical" onFinish={onFinish}>
          <Typography.Paragraph type="secondary">{t('pages.reset.requestText')}</Typography.Paragraph>
          {failure && <Alert style={{ marginBottom: 24 }} type="error" showIcon message={failure} />}
          <Form.Item
            name="login"
            label={t('pages.reset.login')}
            rules={[{ required: true, whitespace: true, message: t('pages.reset.login.required') }]}
          >
            <Input size="large" prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('pages.reset.send')}
          </Button>
        </Form>
      )}
    </>
  );
}

interface NewPasswordValues {
  newPassword: string;
  confirm: string;
}

function NewPasswordForm({ resetKey, t }: { resetKey: string; t: Translate }) {
  const rules = accountRules(t);
  const [failure, setFailure] = useState<string>();
  const [keyRefused, setKeyRefused] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const onFinish = async ({ newPassword }: NewPasswordValues) => {
    setFailure(undefined);
    setSubmitting(true);
    try {
      await finishPasswordReset(resetKey, newPassword);
      message.success(t('pages.reset.done'), 4);
      history.replace('/user/login');
    } catch (error) {
      const reply = toRequestFailure(error);
      const body = isErrorReply(reply.body) ? reply.body : undefined;
      if (body?.fieldErrors?.some((f) => f.field === 'key')) {
        setKeyRefused(true);
        setFailure(t('pages.reset.keyInvalid'));
      } else setFailure(body?.errorMessage ?? loginFailureText(reply, t));
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('pages.reset.title')}
      </Typography.Title>
      {failure && (
        <Alert
          style={{ marginBottom: 24 }}
          type="error"
          showIcon
          message={failure}
          action={keyRefused ? <PageLink to="/user/reset-password">{t('pages.reset.askAgain')}</PageLink> : undefined}
        />
      )}
      <Form<NewPasswordValues> layout="vertical" onFinish={onFinish}>
        <Form.Item name="newPassword" label={t('pages.profile.newPassword')} rules={rules.newPassword}>
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('pages.profile.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('pages.register.confirm.required') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('pages.register.confirm.mismatch'))),
            }),
          ]}
        >
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('pages.reset.save')}
        </Button>
      </Form>
    </>
  );
}
