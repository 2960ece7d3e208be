import { LoginForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { getLocale, history, Link, useIntl } from '@umijs/max';
import { Form, message } from 'antd';
import { useMemo } from 'react';
import UserPage from '@/components/UserPage';
import { type TRegisterBody, ZLangKey } from '@/contracts/account';
import { showFormError } from '@/requestErrorConfig';
import { accountRules } from '@/utils/accountRules';
import { matchesPassword } from '@/utils/formRules';
import { useSignIn } from '../useSignIn';
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
 * Register: a new centre (organisation) with its time zone and currency, and its first admin, who
 * is signed in at once and lands on the dashboard.
 */
export default function RegisterPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<RegisterValues>();
  const signIn = useSignIn();
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
    let token: string;
    try {
      token = (await register({ ...values, langKey })).id_token;
    } catch (error) {
      showFormError(error, form, FIELDS as (keyof RegisterValues)[]);
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

  const required = (id: string) => ({ required: true, message: t(id) });
  return (
    <UserPage>
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
    </UserPage>
  );
}
