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
