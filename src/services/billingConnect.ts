import type { TConnectStatus } from '@/contracts/connect';
import { call } from './http';

// Family card payments (issue 21): the centre's connected Stripe account, on /manage-payment. Writes
// skip the global error handler: the page shows the server's message.
const write = { skipErrorHandler: true } as const;

export const connectStatus = () => call<TConnectStatus>('/api/billing/connect', write);
export const connectAccountLink = () =>
  call<{ url: string }>('/api/billing/connect/account-link', { method: 'POST', ...write });
export const refreshConnect = () => call<TConnectStatus>('/api/billing/connect/refresh', { method: 'POST', ...write });

/** Where the centre stands with Stripe, as the card shows it. */
export type ConnectState = 'notConfigured' | 'notConnected' | 'notFinished' | 'accepting';
export function connectState(status: TConnectStatus): ConnectState {
  if (!status.configured) return 'notConfigured';
  if (!status.accountId) return 'notConnected';
  return status.chargesEnabled ? 'accepting' : 'notFinished';
}
