import type { TBillingCentre } from '@/contracts/billing';
import { call, type ListResult, type Query } from './http';

// The platform's list of centres (ROLE_SYSTEM): /billingCycleControl's Centres tab and the centre
// pickers of the billing pages.
export const listCentres = (params: Query) => call<ListResult<TBillingCentre>>('/api/billing/centres', { params });
export const setTaxRate = (id: number, taxRate: string) =>
  call<TBillingCentre>(`/api/billing/centres/${id}/tax-rate`, {
    method: 'PUT',
    data: { taxRate },
    skipErrorHandler: true,
  });

/** Centres as Select options (name, id), by name, those matching `q` (the first 100). */
export async function centreOptions(q = '') {
  const reply = await listCentres({
    current: 1,
    pageSize: 100,
    sortField: 'name',
    sortOrder: 'ascend',
    ...(q ? { q } : {}),
  });
  return reply.data.map((centre) => ({ label: centre.name, value: centre.id }));
}
