import { BILLING_NOT_CONFIGURED_MESSAGE } from '../../../src/contracts/billing';
import { AppError } from '../../http/errors';

/** Card payments asked for on a server without Stripe keys. */
export const BILLING_UNAVAILABLE = () => new AppError('unavailable', BILLING_NOT_CONFIGURED_MESSAGE);
