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

  const onFinish = async (values: TUpdateAccountBody) => {
    let saved: TAccount;
    try {
      saved = await updateAccount({
        ...values,
        firstName: values.firstName || null,
        lastName: values.lastName || null,
      });
    } catch (error) {
      showFormError(error, form, ['firstName', 'lastName', 'email', 'langKey']);
      return;
    }
    setInitialState((state) => state && { ...state, currentUser: saved });
    message.success(t('pages.profile.saved'));
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
      onFinish={onFinish}
    >
      <ProFormText label={t('pages.profile.login')} fieldProps={{ value: account.login }} disabled />
      <ProFormText name="firstName" label={t('pages.profile.firstName')} rules={rules.name} />
      <ProFormText name="lastName" label={t('pages.profile.lastName')} rules={rules.name} />
      <ProFormText name="email" label={t('pages.profile.email')} rules={rules.email} />
      <ProFormSelect name="langKey" label={t('pages.profile.langKey')} options={LANGUAGES} allowClear={false} />
    </ProForm>
  );
}
