import type {
  TPortalFullClass,
  TPortalWaitlistPlace,
  TSeatFillReport,
  TSeatOfferView,
  TWaitlist,
} from '@/contracts/seats';
import { call } from './http';

// Class capacity, waitlists and freed-seat offers (issue 22).
export const getWaitlist = (scheduleId: number) => call<TWaitlist>(`/api/schedules/${scheduleId}/waitlist`);
export const joinWaitlist = (scheduleId: number, studentId: number) =>
  call<TWaitlist>(`/api/schedules/${scheduleId}/waitlist`, {
    method: 'POST',
    data: { studentId },
    skipErrorHandler: true,
  });
export const leaveWaitlist = (scheduleId: number, studentId: number) =>
  call<TWaitlist>(`/api/schedules/${scheduleId}/waitlist/${studentId}`, { method: 'DELETE', skipErrorHandler: true });
export const portalJoinWaitlist = (scheduleId: number, studentId: number) =>
  call<TPortalWaitlistPlace>(`/api/portal/lessons/${scheduleId}/waitlist/${studentId}`, {
    method: 'POST',
    skipErrorHandler: true,
  });
/** A claim link's offer and its claim: public (no login). */
export const getOffer = (token: string) =>
  call<TSeatOfferView>(`/api/offers/${encodeURIComponent(token)}`, { skipErrorHandler: true });
export const claimOffer = (token: string) =>
  call<TSeatOfferView>(`/api/offers/${encodeURIComponent(token)}/claim`, { method: 'POST', skipErrorHandler: true });
/** The fill rate of freed seats on /report (reports:view). */
export const seatFillReport = (params: { from: string; to: string; locationId?: number }) =>
  call<TSeatFillReport>('/api/reports/seat-fill', { params });
export const portalLeaveWaitlist = (scheduleId: number, studentId: number) =>
  call<TPortalWaitlistPlace>(`/api/portal/lessons/${scheduleId}/waitlist/${studentId}`, {
    method: 'DELETE',
    skipErrorHandler: true,
  });
/** Upcoming full group classes of the child's courses, with the child's place on each waitlist. */
export const portalFullClasses = (childId: number) =>
  call<TPortalFullClass[]>(`/api/portal/children/${childId}/full-classes`);
/** The household's open seat offers, claimed from the portal's home as from the link (issue 37, finding 11). */
export const portalOffers = () => call<TSeatOfferView[]>('/api/portal/offers');
export const claimPortalOffer = (id: number) =>
  call<TSeatOfferView>(`/api/portal/offers/${id}/claim`, { method: 'POST', skipErrorHandler: true });
