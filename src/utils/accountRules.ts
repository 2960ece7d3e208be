import type { Rule } from 'antd/es/form';
import { LOGIN_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../contracts/messages';
import type { Translate } from './requestError';

/** Spec section 5: signing in checks the seed's 4-character minimum (new passwords need 8, DECISIONS.md). */
export const SIGN_IN_PASSWORD_MIN = 4;
const LOGIN_MAX = 50;
const NAME_MAX = 50;
const ORGANISATION_NAME_MIN = 2;

/**
 * The account contract's rules (src/contracts/account.ts) as antd form rules with translated
 * messages: the zod messages are English, and the sign-in pages are shown in both languages.
 * The server checks the same rules again.
 */
export function accountRules(t: Translate) {
  const required = (id: string): Rule => ({ required: true, whitespace: true, message: t(id) });
  return {
    login: [
      required('pages.register.login.required'),
      { min: LOGIN_MIN, message: t('pages.account.login.min', { min: LOGIN_MIN }) },
      { max: LOGIN_MAX, message: t('pages.account.login.max', { max: LOGIN_MAX }) },
      { pattern: /^[A-Za-z0-9._@-]+$/, message: t('pages.account.login.pattern') },
    ] satisfies Rule[],
    /** The login form's username: a login or an email, at least the seed's 4 characters. */
    signInName: [
      required('pages.login.username.required'),
      { min: LOGIN_MIN, message: t('pages.account.login.min', { min: LOGIN_MIN }) },
    ] satisfies Rule[],
    signInPassword: [
      { required: true, message: t('pages.login.password.required') },
      { min: SIGN_IN_PASSWORD_MIN, message: t('pages.login.password.min', { min: SIGN_IN_PASSWORD_MIN }) },
    ] satisfies Rule[],
    newPassword: [
      { required: true, message: t('pages.login.password.required') },
      { min: PASSWORD_MIN, message: t('pages.login.password.min', { min: PASSWORD_MIN }) },
      { max: PASSWORD_MAX, message: t('pages.account.password.max', { max: PASSWORD_MAX }) },
    ] satisfies Rule[],
    email: [
      required('pages.register.email.required'),
      { type: 'email', message: t('pages.account.email.invalid') },
    ] satisfies Rule[],
    organisationName: [
      required('pages.register.organisationName.required'),
      { min: ORGANISATION_NAME_MIN, message: t('pages.account.organisationName.min', { min: ORGANISATION_NAME_MIN }) },
    ] satisfies Rule[],
    name: [{ max: NAME_MAX, message: t('pages.account.name.max', { max: NAME_MAX }) }] satisfies Rule[],
  };
}
