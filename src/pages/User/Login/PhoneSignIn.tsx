import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { toRequestFailure } from '@/utils/requestError';
import { loginFailureText } from './loginError';
import { authenticatePhone, type PhoneLoginValues, requestLoginCode } from './service';

/** Mirrors the server's rule (src/contracts/login.ts, not imported: the sign-in page stays without zod). */
const PHONE_PATTERN = /^\+?[\d\s().-]{7,30}$/;
const digitCount = (v: string) => v.replace(/\D/g, '').length;
/** Until the server says otherwise (its reply carries the real wait). */
const DEFAULT_RESEND_SECONDS = 60;

/** The phone tab: a number, "Get code" with the seconds countdown, and the code from the SMS. */
export default function PhoneSignIn({ onToken }: { onToken: (token: string) => Promise<string | undefined> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<PhoneLoginValues>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const getCode = async () => {
    setFailure(undefined);
    let mobile: string;
    try {
      mobile = (await form.validateFields(['mobile'])).mobile;
    } catch {
      return; // the field shows what is wrong
    }
    setSending(true);
    try {
      const reply = await requestLoginCode(mobile.trim());
      setSecondsLeft(reply.resendAfterSeconds || DEFAULT_RESEND_SECONDS);
      setNotice(t('pages.login.codeSent', { minutes: reply.validMinutes }));
    } catch (error) {
      setFailure(loginFailureText(toRequestFailure(error), t));
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: PhoneLoginValues) => {
    setFailure(undefined);
    setSubmitting(true);
    try {
      const { id_token } = await authenticatePhone({ ...values, mobile: values.mobile.trim() });
      const problem = await onToken(id_token);
      if (problem) setFailure(problem);
    } catch (error) {
      const reply = toRequestFailure(error);
      setFailure(reply.status === 400 ? t('pages.login.codeFailure') : loginFailureText(reply, t));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<PhoneLoginValues> form={form} initialValues={{ rememberMe: true }} onFinish={onFinish}>
      {failure && <Alert style={{ marginBottom: 24 }} type="error" showIcon message={failure} />}
      {notice && !failure && <Alert style={{ marginBottom: 24 }} type="info" showIcon message={notice} />}
      <Form.Item
        name="mobile"
        rules={[
          { required: true, whitespace: true, message: t('pages.login.mobile.required') },
          {
            validator: (_, v: string | undefined) =>
              !v?.trim() || (PHONE_PATTERN.test(v.trim()) && digitCount(v) >= 7 && digitCount(v) <= 15)
                ? Promise.resolve()
                : Promise.reject(new Error(t('pages.login.mobile.invalid'))),
          },
        ]}
      >
        <Input size="large" prefix={<MobileOutlined />} autoComplete="tel" placeholder={t('pages.login.mobile')} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item
          style={{ flex: 1 }}
          name="captcha"
          rules={[
            { required: true, whitespace: true, message: t('pages.login.captcha.required') },
            { pattern: /^\s*\d{6}\s*$/, message: t('pages.login.captcha.invalid') },
          ]}
        >
          <Input
            size="large"
            prefix={<MailOutlined />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('pages.login.captcha')}
          />
        </Form.Item>
        <Button size="large" style={{ minWidth: 112 }} disabled={secondsLeft > 0} loading={sending} onClick={getCode}>
          {secondsLeft > 0 ? t('pages.login.resendIn', { seconds: secondsLeft }) : t('pages.login.getCode')}
        </Button>
      </div>
      <Form.Item name="rememberMe" valuePropName="checked" style={{ marginBottom: 24 }}>
        <Checkbox>{t('pages.login.rememberMe')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t('pages.login.phoneSubmit')}
      </Button>
    </Form>
  );
}
