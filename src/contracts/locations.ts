import { optionalText, ZId, ZIdParams, ZOptionalPhone, ZQueryBoolean } from './common';
import { requiredText } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

// Locations and rooms (issue 23). A centre has one or more locations (sites); a location has rooms;
// a room holds one class at a time and its seats are the default capacity of classes booked into it.
// Admins manage them (`locations:manage`); staff read them for pickers (`records:manage`). While a
// centre has one active location the screens hide every location picker.

export const MAX_ROOM_SEATS = 500;
export const MAX_TRAVEL_MINUTES = 240;

export const ZLocationBody = z.object({
  name: requiredText('Name', 100),
  address: optionalText(200),
  phone: ZOptionalPhone,
  active: z.boolean({ error: 'Active is true or false' }).default(true),
});
export type TLocationBody = z.input<typeof ZLocationBody>;

export const ZLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
  /** Rooms of the location (active ones), and its planned classes from today on. */
  roomCount: z.number().int(),
  upcomingClasses: z.number().int(),
});
export type TLocation = z.infer<typeof ZLocation>;

export const ZRoomBody = z.object({
  locationId: ZId,
  name: requiredText('Name', 100),
  capacity: z.coerce
    .number({ error: 'Seats is a whole number' })
    .int('Seats is a whole number')
    .min(1, 'At least 1 seat')
    .max(MAX_ROOM_SEATS, 'At most 500 seats'),
  active: z.boolean({ error: 'Active is true or false' }).default(true),
});
export type TRoomBody = z.input<typeof ZRoomBody>;

export const ZRoom = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  active: z.boolean(),
  upcomingClasses: z.number().int(),
});
export type TRoom = z.infer<typeof ZRoom>;

/** What every picker needs at once: the active locations with their active rooms, and the travel time. */
export const ZLocationOptions = z.object({
  locations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      address: z.string().nullable(),
      rooms: z.array(z.object({ id: z.number().int(), name: z.string(), capacity: z.number().int() })),
    }),
  ),
  /** The locations the caller is limited to (a site-limited operator); null: every location. */
  sites: z.array(z.number().int()).nullable(),
  travelMinutes: z.number().int(),
});
export type TLocationOptions = z.infer<typeof ZLocationOptions>;

export const ZLocationSettings = z.object({
  travelMinutes: z.coerce
    .number({ error: 'Travel time is a whole number of minutes' })
    .int('Travel time is a whole number of minutes')
    .min(0, 'At least 0 minutes')
    .max(MAX_TRAVEL_MINUTES, 'At most 240 minutes'),
});
export type TLocationSettings = z.infer<typeof ZLocationSettings>;

/** The locations a staff login is limited to, or a teacher works at; empty: every location. */
export const ZLocationIds = z.object({
  locationIds: z.array(ZId).max(100, 'At most 100 locations'),
});

export const ZLocationListQuery = ZListQuery.extend({
  active: ZQueryBoolean.optional(),
  sortField: z.enum(['name']).optional(),
});
export const ZRoomListQuery = ZListQuery.extend({
  locationId: ZId.optional(),
  active: ZQueryBoolean.optional(),
  sortField: z.enum(['name', 'capacity']).optional(),
});

const manage = { right: 'locations:manage', tag: 'locations' } as const;
export const locationEndpoints = {
  options: defineEndpoint({
    right: 'records:manage',
    tag: 'locations',
    method: 'get',
    path: '/locations/options',
    summary: 'The active locations with their active rooms (for pickers), the caller’s sites and the travel time',
    reply: ZLocationOptions,
  }),
  list: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/locations',
    summary: "The centre's locations, paged",
    query: ZLocationListQuery,
    reply: listReply(ZLocation),
  }),
  create: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/locations',
    summary: 'Add a location',
    body: ZLocationBody,
    reply: ZLocation,
    status: 201,
  }),
  update: defineEndpoint({
    ...manage,
    method: 'put',
    path: '/locations/:id',
    summary: 'Change a location (deactivating keeps its classes; new classes cannot use it)',
    params: ZIdParams,
    body: ZLocationBody,
    reply: ZLocation,
  }),
  rooms: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/rooms',
    summary: "The centre's rooms, paged",
    query: ZRoomListQuery,
    reply: listReply(ZRoom),
  }),
  createRoom: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/rooms',
    summary: 'Add a room to a location',
    body: ZRoomBody,
    reply: ZRoom,
    status: 201,
  }),
  updateRoom: defineEndpoint({
    ...manage,
    method: 'put',
    path: '/rooms/:id',
    summary: 'Change a room (deactivating keeps its classes; new classes cannot use it)',
    params: ZIdParams,
    body: ZRoomBody,
    reply: ZRoom,
  }),
  settings: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/settings/locations',
    summary: 'The travel time a teacher needs between two locations',
    reply: ZLocationSettings,
  }),
  saveSettings: defineEndpoint({
    ...manage,
    method: 'put',
    path: '/settings/locations',
    summary: 'Set the travel time a teacher needs between two locations',
    body: ZLocationSettings,
    reply: ZLocationSettings,
  }),
  staffSites: defineEndpoint({
    ...manage,
    method: 'put',
    path: '/staff/:id/locations',
    summary: 'Limit a staff login to some locations (operators; empty: every location)',
    params: ZIdParams,
    body: ZLocationIds,
    reply: ZLocationIds,
  }),
  teacherLocations: defineEndpoint({
    ...manage,
    method: 'put',
    path: '/teachers/:id/locations',
    summary: 'The locations a teacher works at (empty: every location)',
    params: ZIdParams,
    body: ZLocationIds,
    reply: ZLocationIds,
  }),
};
