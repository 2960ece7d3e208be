import { LockOutlined, MailOutlined, MobileOutlined, NumberOutlined, UserOutlined } from '@ant-design/icons';
import { history, useIntl, useSearchParams } from '@umijs/max';
import { Alert, Button, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import UserPage from '@/components/UserPage';
import type { TInvitationProof, TInvitationView } from '@/contracts/invitations';
import { accountRules } from '@/utils/accountRules';
import { landingPath } from '@/utils/landing';
import { switchLocaleInPlace } from '@/utils/localeMessages';
import { isErrorReply, toRequestFailure } from '@/utils/requestError';
import { loginFailureText } from '../Login/loginError';
import { useSignIn } from '../useSignIn';
import { acceptInvitation, lookupInvitation } from './service';

type Translate = (id: string, values?: Record<string, string | number>) => string;

/** The refusal in the server's words (it names the field and the rule), or the generic sign-in failure. */
function failureOf(error: unknown, t: Translate) {
  const reply = toRequestFailure(error);
  const body = isErrorReply(reply.body) ? reply.body : undefined;
  return { body, text: body?.fieldErrors?.[0]?.message ?? body?.errorMessage ?? loginFailureText(reply, t) };
}

/**
 * A guardian accepts an invitation to the family portal: from the email's link (`?key=`), or with the
 * phone number and the code of the SMS; then chooses a login and password and is signed in.
 */
export default function AcceptInvitationPage() {
  const intl = useIntl();
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  const [proof, setProof] = useState<TInvitationProof | undefined>(key ? { key } : undefined);
  const [view, setView] = useState<TInvitationView>();
  const [failure, setFailure] = useState<string>();
  const [checking, setChecking] = useState(false);

  const check = async (next: TInvitationProof) => {
    setFailure(undefined);
    setChecking(true);
    try {
      const found = await lookupInvitation(next);
      // The page speaks the guardian's language, as the desk recorded it (the switch stays theirs).
      await switchLocaleInPlace(found.langKey).catch(() => undefined);
      setView(found);
      setProof(next);
    } catch (error) {
      setFailure(failureOf(error, t).text);
    } finally {
      setChecking(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link's key is checked once, on arrival
  useEffect(() => {
    if (key) void check({ key });
  }, [key]);

  return (
    <UserPage>
      <div style={{ width: 360, maxWidth: '100%', margin: '0 auto', paddingTop: 24 }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('invitation.title')}
        </Typography.Title>
        {failure && <Alert style={{ marginBottom: 24 }} type="error" showIcon message={failure} role="alert" />}
        {view && proof ? (
          <AccountForm proof={proof} view={view} t={t} />
        ) : key ? (
          checking && <Spin />
        ) : (
          <CodeForm t={t} checking={checking} onFinish={check} />
        )}
        <div style={{ textAlign: 'center', marginTop: 24 }}>
          <Typography.Link
            href="/user/login"
            onClick={(event) => {
              event.preventDefault();
              history.push('/user/login');
            }}
          >
            {t('pages.reset.backToSignIn')}
          </Typography.Link>
        </div>
      </div>
    </UserPage>
  );
}

function CodeForm({
  t,
  checking,
  onFinish,
}: {
  t: Translate;
  checking: boolean;
  onFinish: (proof: TInvitationProof) => void;
}) {
  return (
    <Form<{ phone: string; code: string }>
      layout="vertical"
      onFinish={({ phone, code }) => onFinish({ phone: phone.trim(), code: code.trim() })}
    >
      <Typography.Paragraph type="secondary">{t('invitation.codeText')}</Typography.Paragraph>
      <Form.Item
        name="phone"
        label={t('invitation.phone')}
        rules={[{ required: true, whitespace: true, message: t('invitation.phone.required') }]}
      >
        <Input size="large" prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('invitation.code')}
        rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('invitation.code.rule') }]}
      >
        <Input
          size="large"
          prefix={<NumberOutlined />}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={checking}>
        {t('invitation.check')}
      </Button>
    </Form>
  );
}

interface AccountValues {
  login?: string;
  email?: string;
  password: string;
  confirm: string;
}

const FIELDS = ['login', 'email', 'password'];

function AccountForm({ proof, view, t }: { proof: TInvitationProof; view: TInvitationView; t: Translate }) {
  const rules = accountRules(t);
  const signIn = useSignIn();
  const [form] = Form.useForm<AccountValues>();
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const returning = view.login !== null;
  const onFinish = async ({ login, email, password }: AccountValues) => {
    setFailure(undefined);
    setSubmitting(true);
    try {
      const { id_token } = await acceptInvitation({
        ...proof,
        password,
        ...(returning ? {} : { login: login?.trim(), email: email?.trim() || undefined }),
      });
      const signedIn = await signIn(id_token);
      history.replace(landingPath(signedIn?.currentUser.authorities));
    } catch (error) {
      const { body, text } = failureOf(error, t);
      const known = body?.errorKey === 'userexists' ? 'login' : body?.errorKey === 'emailexists' ? 'email' : undefined;
      const placed = (body?.fieldErrors ?? []).filter((f) => FIELDS.includes(f.field));
      if (known) form.setFields([{ name: known, errors: [t(`request.error.${body?.errorKey}`)] }]);
      else if (placed.length)
        form.setFields(placed.map((f) => ({ name: f.field as keyof AccountValues, errors: [f.message] })));
      else setFailure(text);
    } finally {
      setSubmitting(false);
    }
  };
  const children = view.children.join(t('invitation.listSeparator'));
  return (
    <>
      <Typography.Paragraph>
        {t(returning ? 'invitation.welcomeBack' : 'invitation.welcome', {
          name: view.guardianName ?? '',
          centre: view.centre,
          children,
        })}
      </Typography.Paragraph>
      {failure && <Alert style={{ marginBottom: 24 }} type="error" showIcon message={failure} role="alert" />}
      <Form<AccountValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ email: view.email ?? undefined, login: view.email?.split('@')[0] }}
      >
        {returning ? (
          <Typography.Paragraph>{t('invitation.yourLogin', { login: view.login ?? '' })}</Typography.Paragraph>
        ) : (
          <>
            <Form.Item name="login" label={t('pages.register.login')} rules={rules.login}>
              <Input size="large" prefix={<UserOutlined />} autoComplete="username" />
            </Form.Item>
            <Form.Item name="email" label={t('invitation.email')} rules={rules.email}>
              <Input size="large" prefix={<MailOutlined />} autoComplete="email" />
            </Form.Item>
          </>
        )}
        <Form.Item name="password" label={t('pages.register.password')} rules={rules.newPassword}>
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('pages.register.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('pages.register.confirm.required') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('pages.register.confirm.mismatch'))),
            }),
          ]}
        >
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t(returning ? 'invitation.saveReturning' : 'invitation.save')}
        </Button>
      </Form>
    </>
  );
}
