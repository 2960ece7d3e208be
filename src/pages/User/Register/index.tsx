import { LoginForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { getLocale, Link, useIntl, useSearchParams } from '@umijs/max';
import { Alert, Form, Typography } from 'antd';
import { useMemo, useState } from 'react';
import UserPage from '@/components/UserPage';
import { type TRegisterBody, ZLangKey } from '@/contracts/account';
import { showFormError } from '@/requestErrorConfig';
import { accountRules } from '@/utils/accountRules';
import { matchesPassword } from '@/utils/formRules';
import ConfirmRegistration from './Confirm';
import {
  currencyOptions,
  DEFAULT_CURRENCY,
  defaultTimeZone,
  supportedTimeZones,
  timeZoneOptions,
} from './centreSettings';
import { register } from './service';

type RegisterValues = Omit<TRegisterBody, 'langKey'> & { confirm: string };
const FIELDS = ['organisationName', 'login', 'email', 'password', 'firstName', 'lastName', 'timeZone', 'currency'];

/**
 * Register: a new centre (organisation) with its time zone and currency, and its first admin. The
 * answer is the same for every address (issue 37): a link goes to the email, and opening it
 * (`?key=`, ConfirmRegistration) makes the centre and signs the admin in.
 */
export default function RegisterPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  return <UserPage>{key ? <ConfirmRegistration registrationKey={key} /> : <RegisterForm />}</UserPage>;
}

function RegisterForm() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<RegisterValues>();
  const [sentTo, setSentTo] = useState<string>();
  const rules = accountRules(t);
  const locale = getLocale();
  const zones = useMemo(() => {
    const all = supportedTimeZones();
    return {
      options: timeZoneOptions(all),
      initial: defaultTimeZone(all, Intl.DateTimeFormat().resolvedOptions().timeZone),
    };
  }, []);
  const currencies = useMemo(() => currencyOptions(locale), [locale]);

  const onFinish = async ({ confirm: _confirm, ...values }: RegisterValues) => {
    const langKey = ZLangKey.safeParse(locale).data ?? 'en-US';
    try {
      setSentTo((await register({ ...values, langKey })).email);
    } catch (error) {
      showFormError(error, form, FIELDS as (keyof RegisterValues)[]);
    }
  };

  const required = (id: string) => ({ required: true, message: t(id) });
  if (sentTo)
    return (
      <div style={{ width: 360, maxWidth: '100%', margin: '0 auto', paddingTop: 24 }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('pages.register.checkEmail')}
        </Typography.Title>
        <Alert type="success" showIcon message={t('pages.register.sent', { email: sentTo, hours: 24 })} />
        <div style={{ textAlign: 'center', marginTop: 24 }}>
          <Link to="/user/login">{t('pages.register.signIn')}</Link>
        </div>
      </div>
    );
  return (
    <LoginForm<RegisterValues>
      form={form}
      logo={<img alt="" src="/logo.svg" />}
      title={<h1 className="levelup-page-title">Level Up</h1>}
      subTitle={t('pages.register.title')}
      initialValues={{ timeZone: zones.initial, currency: DEFAULT_CURRENCY }}
      submitter={{ searchConfig: { submitText: t('pages.register.submit') } }}
      onFinish={onFinish}
      actions={<Link to="/user/login">{t('pages.register.signIn')}</Link>}
    >
      <ProFormText
        name="organisationName"
        label={t('pages.register.organisationName')}
        rules={rules.organisationName}
      />
      <ProFormSelect
        name="timeZone"
        label={t('pages.register.timeZone')}
        options={zones.options}
        allowClear={false}
        rules={[required('pages.register.timeZone.required')]}
        fieldProps={{
          showSearch: true,
          optionFilterProp: 'label',
          placeholder: t('pages.register.timeZone.placeholder'),
        }}
      />
      <ProFormSelect
        name="currency"
        label={t('pages.register.currency')}
        options={currencies}
        allowClear={false}
        rules={[required('pages.register.currency.required')]}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
      />
      <ProFormText
        name="login"
        label={t('pages.register.login')}
        fieldProps={{ autoComplete: 'username' }}
        rules={rules.login}
      />
      <ProFormText
        name="email"
        label={t('pages.register.email')}
        fieldProps={{ autoComplete: 'email' }}
        rules={rules.email}
      />
      <ProFormText.Password
        name="password"
        label={t('pages.register.password')}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={rules.newPassword}
      />
      <ProFormText.Password
        name="confirm"
        label={t('pages.register.confirm')}
        dependencies={['password']}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[required('pages.register.confirm.required'), matchesPassword(t('pages.register.confirm.mismatch'))]}
      />
      <ProFormText name="firstName" label={t('pages.register.firstName')} rules={rules.name} />
      <ProFormText name="lastName" label={t('pages.register.lastName')} rules={rules.name} />
    </LoginForm>
  );
}
