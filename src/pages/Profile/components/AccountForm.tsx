import { ProForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { getLocale, setLocale, useIntl, useModel } from '@umijs/max';
import { Form, message } from 'antd';
import type { TAccount, TUpdateAccountBody } from '@/contracts/account';
import { showFormError } from '@/requestErrorConfig';
import { accountRules } from '@/utils/accountRules';
import { updateAccount } from '../service';

const LANGUAGES = [
  { value: 'en-US', label: 'English' },
  { value: 'zh-CN', label: '简体中文' },
];

export default function AccountForm({ account }: { account: TAccount }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { setInitialState } = useModel('@@initialState');
  const [form] = Form.useForm<TUpdateAccountBody>();
  const rules = accountRules(t);
  // A new email needs the current password (the server refuses it otherwise): asked only then.
  const email = Form.useWatch('email', form);
  const emailChanged = typeof email === 'string' && email.trim().toLowerCase() !== account.email.toLowerCase();

  const onFinish = async (values: TUpdateAccountBody) => {
    let saved: TAccount;
    try {
      saved = await updateAccount({
        ...values,
        firstName: values.firstName || null,
        lastName: values.lastName || null,
        currentPassword: emailChanged ? values.currentPassword : undefined,
      });
    } catch (error) {
      showFormError(error, form, ['firstName', 'lastName', 'email', 'langKey', 'currentPassword']);
      return;
    }
    form.setFieldValue('currentPassword', undefined);
    setInitialState((state) => state && { ...state, currentUser: saved });
    message.success(t(emailChanged ? 'pages.profile.emailChanged' : 'pages.profile.saved'));
    // The account's language is also the interface language (switching reloads the page).
    if (saved.langKey !== getLocale()) setLocale(saved.langKey);
  };

  return (
    <ProForm<TUpdateAccountBody>
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{
        firstName: account.firstName ?? '',
        lastName: account.lastName ?? '',
        email: account.email,
        langKey: account.langKey,
      }}
      submitter={{ searchConfig: { submitText: t('pages.profile.save') } }}
      // Enter in any field saves (the current password is typed last, when the email changed).
      isKeyPressSubmit
      onFinish={onFinish}
    >
      <ProFormText label={t('pages.profile.login')} fieldProps={{ value: account.login }} disabled />
      <ProFormText name="firstName" label={t('pages.profile.firstName')} rules={rules.name} />
      <ProFormText name="lastName" label={t('pages.profile.lastName')} rules={rules.name} />
      <ProFormText name="email" label={t('pages.profile.email')} rules={rules.email} />
      {emailChanged ? (
        <ProFormText.Password
          name="currentPassword"
          label={t('pages.profile.currentPassword')}
          extra={t('pages.profile.currentPassword.forEmail')}
          fieldProps={{ autoComplete: 'current-password' }}
          rules={[{ required: true, message: t('pages.profile.currentPassword.required') }]}
        />
      ) : null}
      <ProFormSelect name="langKey" label={t('pages.profile.langKey')} options={LANGUAGES} allowClear={false} />
    </ProForm>
  );
}
