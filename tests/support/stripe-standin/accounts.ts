// Connect: connected accounts (`POST /v1/accounts`, `GET /v1/accounts/:id`), account links (hosted
// onboarding), and what finishing onboarding does (charges, payouts and details flags on, an
// `account.updated` event from that account). Also the `Stripe-Account` checks every API route shares.
import type { Route } from './context';
import {
  invalidRequest,
  mergeMetadata,
  missingParam,
  noSuch,
  now,
  type Params,
  randomId,
  requireString,
  StripeApiError,
} from './http';
import type { Scope, StandInState, StripeObject } from './objects';

const ACCOUNT_TYPES = ['standard', 'express'];
const currencyOf: Record<string, string> = { CA: 'cad', US: 'usd', GB: 'gbp', AU: 'aud', CN: 'cny', HK: 'hkd' };
/** Account links are short-lived at Stripe (a few minutes). */
export const ACCOUNT_LINK_SECONDS = 300;

const requirementsWhileNew = () => ({
  alternatives: [],
  current_deadline: null,
  currently_due: ['business_profile.url', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
  disabled_reason: 'requirements.past_due',
  errors: [],
  eventually_due: ['business_profile.url', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
  past_due: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
  pending_verification: [],
});

function newAccount(params: Params): StripeObject {
  const type = requireString(params, 'type');
  if (!ACCOUNT_TYPES.includes(type))
    throw invalidRequest(
      `Invalid type: must be one of ${ACCOUNT_TYPES.join(' or ')} (the stripe stand-in does not implement custom accounts)`,
      { param: 'type' },
    );
  const country = typeof params.country === 'string' ? params.country.toUpperCase() : 'US';
  const profile = (params.business_profile ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    id: randomId('acct_', 16),
    object: 'account',
    business_profile: {
      annual_revenue: null,
      estimated_worker_count: null,
      mcc: text(profile.mcc),
      name: text(profile.name),
      product_description: text(profile.product_description),
      support_address: null,
      support_email: text(profile.support_email),
      support_phone: text(profile.support_phone),
      support_url: text(profile.support_url),
      url: text(profile.url),
    },
    business_type: text(params.business_type),
    capabilities: {},
    charges_enabled: false,
    controller: {
      is_controller: true,
      type: 'application',
      stripe_dashboard: { type: type === 'standard' ? 'full' : 'express' },
    },
    country,
    created: now(),
    default_currency: currencyOf[country] ?? 'usd',
    details_submitted: false,
    email: text(params.email),
    external_accounts: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
    future_requirements: { ...requirementsWhileNew(), currently_due: [], past_due: [], disabled_reason: null },
    metadata: mergeMetadata({}, params.metadata),
    payouts_enabled: false,
    requirements: requirementsWhileNew(),
    settings: {},
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type,
  };
}

/** Stripe's answer to a `Stripe-Account` the key cannot reach (unknown, or not connected to this platform). */
export function accountHeaderError(state: StandInState, account: string, secretKey: string): StripeApiError | null {
  if (state.accounts.has(account)) return null;
  const masked = `${secretKey.slice(0, 8)}${'*'.repeat(Math.max(secretKey.length - 12, 0))}${secretKey.slice(-4)}`;
  return new StripeApiError(403, {
    type: 'invalid_request_error',
    code: 'account_invalid',
    message: `The provided key '${masked}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
  });
}

/** A charge on a connected account whose onboarding is not finished is refused, as at Stripe. */
export function requireChargesEnabled(scope: Scope) {
  if (!scope.account) return;
  const account = scope.state.accounts.get(scope.account);
  if (account && !account.charges_enabled)
    throw invalidRequest(
      `Your account cannot currently make charges. To find out why charge creation is currently disabled, look at the \`requirements.disabled_reason\` property on this account (/v1/accounts/${account.id}).`,
    );
}

/** What finishing hosted onboarding does: the account may charge and be paid out; `account.updated`. */
export function completeOnboarding(
  state: StandInState,
  id: string,
  emit: (type: string, object: StripeObject) => void,
  businessName?: string,
): StripeObject {
  const account = state.accounts.get(id);
  if (!account) throw new Error(`stripe stand-in: no account ${id}`);
  if (businessName) account.business_profile.name = businessName;
  account.charges_enabled = true;
  account.details_submitted = true;
  account.payouts_enabled = true;
  account.capabilities = { card_payments: 'active', transfers: 'active' };
  account.requirements = {
    ...account.requirements,
    currently_due: [],
    eventually_due: [],
    past_due: [],
    disabled_reason: null,
  };
  account.tos_acceptance = { date: now(), ip: '127.0.0.1', user_agent: 'stripe stand-in' };
  emit('account.updated', account);
  return account;
}

function requireUrl(params: Params, name: string): string {
  if (params[name] === undefined) throw missingParam(name);
  const url = requireString(params, name);
  if (!/^https?:\/\//.test(url)) throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: name });
  return url;
}

export const accountRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/accounts$/,
    handle(ctx) {
      if (ctx.account)
        throw invalidRequest('You cannot create connected accounts on behalf of a connected account.', {});
      const account = newAccount(ctx.params);
      // Stripe sends no event for a new account (its first is account.updated).
      ctx.state.accounts.set(account.id, account);
      return account;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/accounts\/([^/]+)$/,
    handle(ctx, [, id]) {
      const account = ctx.state.accounts.get(id);
      // A connected account may read itself; the platform reads any of its accounts.
      if (!account || (ctx.account && ctx.account !== id)) throw noSuch('account', id, 'account');
      return account;
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/account_links$/,
    handle(ctx) {
      const p = ctx.params;
      const accountId = requireString(p, 'account');
      const refreshUrl = requireUrl(p, 'refresh_url');
      const returnUrl = requireUrl(p, 'return_url');
      const type = requireString(p, 'type');
      if (type !== 'account_onboarding' && type !== 'account_update')
        throw invalidRequest(`Invalid type: must be one of account_onboarding or account_update`, { param: 'type' });
      const account = ctx.state.accounts.get(accountId);
      if (!account) throw noSuch('account', accountId, 'account', 400);
      if (type === 'account_update' && account.type === 'standard')
        throw invalidRequest('You cannot create `account_update` type Account Links for Standard accounts.', {
          param: 'type',
        });
      const created = now();
      const link = {
        id: randomId('', 24),
        account: accountId,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type,
        expires_at: created + ACCOUNT_LINK_SECONDS,
        used: false,
      };
      ctx.state.accountLinks.set(link.id, link);
      return {
        object: 'account_link',
        created,
        expires_at: link.expires_at,
        url: `${ctx.baseUrl}/connect/onboard/${link.id}`,
      };
    },
  },
];
