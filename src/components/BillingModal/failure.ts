import {
  BILLING_NOT_CONFIGURED_MESSAGE,
  CYCLE_ALREADY_ACTIVE_MESSAGE,
  CYCLE_START_FAILED_MESSAGE,
  CYCLE_TOO_EARLY_MESSAGE,
  INVALID_QUANTITY_MESSAGE,
  INVOICE_CHARGE_FAILED_MESSAGE,
  INVOICE_CREATE_FAILED_MESSAGE,
  INVOICE_OVERLAP_MESSAGE,
  NO_CARD_MESSAGE,
  TAX_RATE_MESSAGE,
} from '../../contracts/billing';
import { localizeRuleMessage } from '../../utils/formErrors';
import { isErrorReply, type Translate, toRequestFailure } from '../../utils/requestError';

// The billing contract's messages (the seed's, word for word, and ours) and their locale ids: the
// English screen shows exactly the seed's text, the Chinese one its translation.
const KNOWN: [string, string][] = [
  [CYCLE_TOO_EARLY_MESSAGE, 'billingCycles.server.cycleTooEarly'],
  [CYCLE_START_FAILED_MESSAGE, 'billingCycles.server.cycleStartFailed'],
  [INVOICE_OVERLAP_MESSAGE, 'billingCycles.server.invoiceOverlap'],
  [INVALID_QUANTITY_MESSAGE, 'billingCycles.server.invalidQuantity'],
  [INVOICE_CREATE_FAILED_MESSAGE, 'billingCycles.server.invoiceCreateFailed'],
  [INVOICE_CHARGE_FAILED_MESSAGE, 'billingCycles.server.invoiceChargeFailed'],
  [BILLING_NOT_CONFIGURED_MESSAGE, 'billingCycles.server.notConfigured'],
  [CYCLE_ALREADY_ACTIVE_MESSAGE, 'billingCycles.server.cycleActive'],
  [NO_CARD_MESSAGE, 'billingCycles.server.noCard'],
  [TAX_RATE_MESSAGE, 'billingCycles.server.taxRate'],
];

/** A server message in the reader's language when it is one of the contract's (or a common rule). */
export function localizeBillingMessage(text: string, t: Translate): string {
  const known = KNOWN.find(([english]) => english === text);
  if (known) return t(known[1]);
  // "Failed to charge invoice: Your card was declined." — the prefix is ours, the rest the provider's.
  const prefixed = KNOWN.find(([english]) => text.startsWith(`${english}: `));
  if (prefixed) return `${t(prefixed[1])}: ${text.slice(prefixed[0].length + 2)}`;
  return localizeRuleMessage(text, t);
}

/** The form fields a write's field errors may go under: names, or a test ('tiers.0.pricePerStudent'). */
export type FormFields = readonly string[] | ((field: string) => boolean);
/** The server's dotted field ('tiers.0.pricePerStudent') as antd's name path (['tiers', 0, 'pricePerStudent']). */
const namePath = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

const isSeedRule = (text: string) =>
  [CYCLE_TOO_EARLY_MESSAGE, INVOICE_OVERLAP_MESSAGE, INVALID_QUANTITY_MESSAGE].includes(text);

/**
 * What the user is told when a billing write fails. `failedId` names the seed's failure text
 * ("Failed to start billing cycle"): alone after a server failure or a lost connection, followed by
 * the server's reason after a refusal ("Failed to charge invoice: Your card was declined."). The
 * seed's rule texts ("Billing cycle cannot be earlier than one month!") stand alone.
 */
export function describeBillingFailure(error: unknown, failedId: string, fields: FormFields, t: Translate) {
  const failure = toRequestFailure(error);
  const reply = isErrorReply(failure.body) ? failure.body : undefined;
  const failed = t(failedId);
  const shown = typeof fields === 'function' ? fields : (field: string) => fields.includes(field);
  const fieldErrors = (reply?.fieldErrors ?? [])
    .filter((f) => shown(f.field))
    .map((f) => ({ name: namePath(f.field), errors: [localizeBillingMessage(f.message, t)] }));
  if (!reply || failure.status === undefined || failure.status >= 500)
    return { fieldErrors, content: failed, signedOut: false };
  if (failure.status === 401) return { fieldErrors, content: failed, signedOut: true };
  const seedRule = [...(reply.fieldErrors ?? []).map((f) => f.message), reply.errorMessage].find(isSeedRule);
  if (seedRule) return { fieldErrors, content: localizeBillingMessage(seedRule, t), signedOut: false };
  if (fieldErrors.length && fieldErrors.length === reply.fieldErrors?.length)
    return { fieldErrors, content: t('lists.message.checkFields'), signedOut: false };
  const reason = localizeBillingMessage(reply.errorMessage, t);
  const content = reason.startsWith(failed) ? reason : `${failed}: ${reason}`;
  return { fieldErrors, content, signedOut: false };
}
