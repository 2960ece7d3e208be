// The hosted Connect onboarding page an account link points at (`GET/POST /connect/onboard/:linkId`):
// a one-field form (Business name, prefilled) and an "Agree and submit" button. Submitting finishes
// onboarding (charges, payouts, details on; `account.updated`) and answers 303 to the link's
// return_url. A link used once, or expired, redirects to its refresh_url, as Stripe's does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { completeOnboarding } from './accounts';
import { now } from './http';
import type { StandInState, StripeObject } from './objects';
import { escapeHtml, send } from './page';

function render(linkId: string, account: StripeObject) {
  const name = account.business_profile?.name ?? account.email ?? '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Set up payments — Stripe stand-in</title>
<style>*{box-sizing:border-box}body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
label{display:block;margin:12px 0}input{display:block;width:100%;padding:8px;font-size:16px}
.account{color:#595959;font-size:12px;overflow-wrap:anywhere}button{padding:10px 24px}</style></head>
<body><main><h1>Set up payments with Stripe</h1><p class="account">Test mode · ${escapeHtml(account.id)}</p>
<p>Tell us about your business to start accepting card payments.</p>
<form method="post" action="/connect/onboard/${escapeHtml(linkId)}">
<label for="businessName">Business name</label>
<input id="businessName" name="businessName" autocomplete="organization" value="${escapeHtml(name)}">
<button type="submit">Agree and submit</button>
</form></main></body></html>`;
}

export function handleOnboardPage(
  state: StandInState,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  emit: (type: string, object: StripeObject) => void,
): boolean {
  const match = /^\/connect\/onboard\/([^/?#]+)/.exec(req.url ?? '');
  if (!match) return false;
  const link = state.accountLinks.get(match[1]);
  const account = link ? state.accounts.get(link.account) : undefined;
  if (!link || !account) {
    send(
      res,
      404,
      '<!doctype html><html lang="en"><head><title>Stripe stand-in</title></head><body><h1>Link not found</h1></body></html>',
    );
    return true;
  }
  if (link.used || link.expires_at < now()) {
    res.writeHead(302, { Location: link.refresh_url });
    res.end();
    return true;
  }
  if (req.method !== 'POST') {
    send(res, 200, render(link.id, account));
    return true;
  }
  link.used = true;
  const businessName = new URLSearchParams(body).get('businessName')?.trim() || undefined;
  completeOnboarding(state, account.id, emit, businessName);
  res.writeHead(303, { Location: link.return_url });
  res.end();
  return true;
}
