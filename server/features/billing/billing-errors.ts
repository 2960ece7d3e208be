import { BILLING_NOT_CONFIGURED_MESSAGE } from '../../../src/contracts/billing';
import { AppError } from '../../http/errors';
import type { ServerText } from '../../i18n/text';

/** Card payments asked for on a server without Stripe keys. */
export const BILLING_UNAVAILABLE = () => new AppError('unavailable', BILLING_NOT_CONFIGURED_MESSAGE);

const cycleStatusWords = {
  ACTIVE: 'active',
  RUNNING: 'running',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
} as const satisfies Record<string, ServerText>;

/** A cycle's status as a word of a refusal ("This billing cycle is completed: ..."). */
export const cycleStatusWord = (status: keyof typeof cycleStatusWords): ServerText => cycleStatusWords[status];
