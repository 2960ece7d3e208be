import { ProForm, ProFormText } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Form, message } from 'antd';
import { showFormError } from '@/requestErrorConfig';
import { accountRules } from '@/utils/accountRules';
import { matchesPassword } from '@/utils/formRules';
import { setToken } from '@/utils/session';
import { changePassword } from '../service';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

export default function ChangePasswordForm() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<PasswordValues>();

  const onFinish = async ({ currentPassword, newPassword }: PasswordValues) => {
    try {
      // The server revokes every older token: keep the new one or the next call signs us out.
      const { id_token } = await changePassword({ currentPassword, newPassword });
      setToken(id_token);
    } catch (error) {
      // A wrong current password ("Wrong password!") lands on its field.
      showFormError(error, form, ['currentPassword', 'newPassword']);
      return;
    }
    form.resetFields();
    message.success(t('pages.profile.passwordChanged'));
  };

  return (
    <ProForm<PasswordValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      submitter={{ searchConfig: { submitText: t('pages.profile.password') } }}
      onFinish={onFinish}
    >
      <ProFormText.Password
        name="currentPassword"
        label={t('pages.profile.currentPassword')}
        fieldProps={{ autoComplete: 'current-password' }}
        rules={[{ required: true, message: t('pages.profile.currentPassword.required') }]}
      />
      <ProFormText.Password
        name="newPassword"
        label={t('pages.profile.newPassword')}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={accountRules(t).newPassword}
      />
      <ProFormText.Password
        name="confirm"
        label={t('pages.profile.confirmPassword')}
        dependencies={['newPassword']}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[
          { required: true, message: t('pages.register.confirm.required') },
          matchesPassword(t('pages.register.confirm.mismatch'), 'newPassword'),
        ]}
      />
    </ProForm>
  );
}
