// A family's own calendar (issue 21): an iCalendar feed of the household's children's lessons at a
// secret URL the guardian makes, replaces or revokes from the portal, like the teachers' feed.
import { defineEndpoint } from './endpoint';
import { ZFeedParams, ZFeedReply } from './schedules';

const own = { right: 'portal:own', tag: 'portal', refusals: [404] } as const; // 404: an account of no household

export const familyCalendarEndpoints = {
  get: defineEndpoint({
    ...own,
    method: 'get',
    path: '/portal/calendar-feed',
    summary: "The family's calendar feed URL, or null",
    reply: ZFeedReply,
  }),
  make: defineEndpoint({
    ...own,
    method: 'post',
    path: '/portal/calendar-feed',
    summary: "Make (or replace) the family's secret calendar feed URL; the old one stops working",
    reply: ZFeedReply,
  }),
  revoke: defineEndpoint({
    ...own,
    method: 'delete',
    path: '/portal/calendar-feed',
    summary: "Revoke the family's calendar feed URL",
    reply: ZFeedReply,
  }),
  feed: defineEndpoint({
    right: 'public',
    tag: 'portal',
    method: 'get',
    path: '/calendar/family/:token',
    summary: "A family's lessons as an iCalendar feed (RFC 5545) at a secret URL",
    params: ZFeedParams,
  }),
};
