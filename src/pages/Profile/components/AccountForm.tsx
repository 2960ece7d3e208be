import { ProForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { getLocale, setLocale, useIntl, useModel } from '@umijs/max';
import { Form, message } from 'antd';
import type { TAccount, TUpdateAccountBody } from '@/contracts/account';
import { ZEmail } from '@/contracts/account';
import { showFormError } from '@/requestErrorConfig';
import { zodRule } from '@/utils/formRules';
import { updateAccount } from '../service';

const LANGUAGES = [
  { value: 'en-US', label: 'English' },
  { value: 'zh-CN', label: '简体中文' },
];

export default function AccountForm({ account }: { account: TAccount }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { setInitialState } = useModel('@@initialState');
  const [form] = Form.useForm<TUpdateAccountBody>();

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
      <ProFormText name="firstName" label={t('pages.profile.firstName')} rules={[{ max: 50 }]} />
      <ProFormText name="lastName" label={t('pages.profile.lastName')} rules={[{ max: 50 }]} />
      <ProFormText
        name="email"
        label={t('pages.profile.email')}
        rules={[{ required: true, message: t('pages.register.email.required') }, zodRule(ZEmail)]}
      />
      <ProFormSelect name="langKey" label={t('pages.profile.langKey')} options={LANGUAGES} allowClear={false} />
    </ProForm>
  );
}
