import { ProFormDatePicker, ProFormText } from '@ant-design/pro-components';
import { ZEmail, ZLogin, ZPassword } from '@/contracts/account';
import { ZOptionalEmail, ZOptionalPhone } from '@/contracts/common';
import { useFormRules } from './useFormRules';

/**
 * The person fields the staff, teacher, student and referrer forms share: one label, one rule set
 * and one translation each. They render plain fields (no wrapper), so a form's grid and Tab order
 * stay as the form places them.
 */

/** First and last name, both required, as the contracts allow (50 characters). */
export function NameFields() {
  const { t, required, max } = useFormRules();
  return (
    <>
      <ProFormText
        name="firstName"
        label={t('forms.person.firstName')}
        rules={[required(t('forms.person.firstName')), max(50)]}
      />
      <ProFormText
        name="lastName"
        label={t('forms.person.lastName')}
        rules={[required(t('forms.person.lastName')), max(50)]}
      />
    </>
  );
}

/** The account's login and, for a new account only, its password (changed elsewhere afterwards). */
export function LoginFields({ creating }: { creating: boolean }) {
  const { t, required, zod } = useFormRules();
  return (
    <>
      <ProFormText
        name="login"
        label={t('forms.person.login')}
        rules={[required(t('forms.person.login')), zod(ZLogin)]}
      />
      {creating && (
        <ProFormText.Password
          name="password"
          label={t('forms.person.password')}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[required(t('forms.person.password')), zod(ZPassword)]}
        />
      )}
    </>
  );
}

/** Accounts (staff, teachers) must have an email; students and referrers may go without. */
export function EmailField({ required: isRequired = false }: { required?: boolean }) {
  const { t, required, zod } = useFormRules();
  const rules = isRequired ? [required(t('forms.person.email')), zod(ZEmail)] : [zod(ZOptionalEmail)];
  return <ProFormText name="email" label={t('forms.person.email')} rules={rules} />;
}

export function PhoneField() {
  const { t, zod } = useFormRules();
  return <ProFormText name="phone" label={t('forms.person.phone')} rules={[zod(ZOptionalPhone)]} />;
}

export function WechatField() {
  const { t, max } = useFormRules();
  return <ProFormText name="wechat" label={t('forms.person.wechat')} rules={[max(60)]} />;
}

/** A calendar date typed or picked as YYYY-MM-DD, as wide as its column (a birthday, a start date). */
export function DateField({ name, label }: { name: string; label: string }) {
  return <ProFormDatePicker name={name} label={label} width="100%" fieldProps={{ format: 'YYYY-MM-DD' }} />;
}

export function BirthdayField() {
  const { t } = useFormRules();
  return <DateField name="birthday" label={t('forms.person.birthday')} />;
}
