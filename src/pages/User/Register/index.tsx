import { LoginForm, ProFormText } from '@ant-design/pro-components';
import { getLocale, history, Link, useIntl } from '@umijs/max';
import { Form, message } from 'antd';
import UserPage from '@/components/UserPage';
import { type TRegisterBody, ZEmail, ZLangKey, ZLogin, ZPassword, ZRegisterBody } from '@/contracts/account';
import { showFormError } from '@/requestErrorConfig';
import { matchesPassword, zodRule } from '@/utils/formRules';
import { register } from './service';

type RegisterValues = Omit<TRegisterBody, 'langKey'> & { confirm: string };

/** Register: creates a new centre (organisation) and its first admin, then back to the login page. */
export default function RegisterPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<RegisterValues>();

  const onFinish = async ({ confirm: _confirm, ...values }: RegisterValues) => {
    const langKey = ZLangKey.safeParse(getLocale()).data ?? 'en-US';
    try {
      await register({ ...values, langKey });
    } catch (error) {
      showFormError(error, form, ['organisationName', 'login', 'email', 'password', 'firstName', 'lastName']);
      return;
    }
    message.success(t('pages.register.success'));
    history.push('/user/login');
  };

  const required = (id: string) => ({ required: true, message: t(id) });
  return (
    <UserPage>
      <LoginForm<RegisterValues>
        form={form}
        logo={<img alt="" src="/logo.svg" />}
        title="Level Up"
        subTitle={t('pages.register.title')}
        submitter={{ searchConfig: { submitText: t('pages.register.submit') } }}
        onFinish={onFinish}
        actions={<Link to="/user/login">{t('pages.register.signIn')}</Link>}
      >
        <ProFormText
          name="organisationName"
          label={t('pages.register.organisationName')}
          rules={[required('pages.register.organisationName.required'), zodRule(ZRegisterBody.shape.organisationName)]}
        />
        <ProFormText
          name="login"
          label={t('pages.register.login')}
          fieldProps={{ autoComplete: 'username' }}
          rules={[required('pages.register.login.required'), zodRule(ZLogin)]}
        />
        <ProFormText
          name="email"
          label={t('pages.register.email')}
          fieldProps={{ autoComplete: 'email' }}
          rules={[required('pages.register.email.required'), zodRule(ZEmail)]}
        />
        <ProFormText.Password
          name="password"
          label={t('pages.register.password')}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[required('pages.login.password.required'), zodRule(ZPassword)]}
        />
        <ProFormText.Password
          name="confirm"
          label={t('pages.register.confirm')}
          dependencies={['password']}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[required('pages.register.confirm.required'), matchesPassword(t('pages.register.confirm.mismatch'))]}
        />
        <ProFormText name="firstName" label={t('pages.register.firstName')} />
        <ProFormText name="lastName" label={t('pages.register.lastName')} />
      </LoginForm>
    </UserPage>
  );
}
