import { request } from '@umijs/max';

export interface LoginValues {
  username: string;
  password: string;
  rememberMe?: boolean;
}

/** POST /api/authenticate; the page shows its own errors (wrong credentials, rate limit). */
export function authenticate(values: LoginValues): Promise<{ id_token: string }> {
  return request('/api/authenticate', {
    method: 'POST',
    data: { username: values.username, password: values.password, rememberMe: values.rememberMe ?? false },
    skipErrorHandler: true,
  });
}

export interface PhoneLoginValues {
  mobile: string;
  captcha: string;
  rememberMe?: boolean;
}

/** GET /api/login/captcha: the same reply whether or not an account has the number. */
export function requestLoginCode(mobile: string): Promise<{ resendAfterSeconds: number; validMinutes: number }> {
  return request('/api/login/captcha', { method: 'GET', params: { mobile }, skipErrorHandler: true });
}

/** POST /api/authenticate/phone; a wrong or used code answers 400 "Verification Code Error". */
export function authenticatePhone(values: PhoneLoginValues): Promise<{ id_token: string }> {
  return request('/api/authenticate/phone', {
    method: 'POST',
    data: { mobile: values.mobile, captcha: values.captcha, rememberMe: values.rememberMe ?? false },
    skipErrorHandler: true,
  });
}
