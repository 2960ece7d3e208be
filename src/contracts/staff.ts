import { ZEmail, ZLogin, ZPassword } from './account';
import { ZDate, ZIdParams, ZOptionalDate, ZOptionalEmail, ZOptionalPhone, ZQueryBoolean } from './common';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

// Staff: the centre's ROLE_ADMIN and ROLE_OPERATOR users (spec section 3, "Staff").
export const staffRoles = ['ROLE_ADMIN', 'ROLE_OPERATOR'] as const;
export const ZStaffRole = z.enum(staffRoles);
export type TStaffRole = z.infer<typeof ZStaffRole>;

/** A required person's name (first or last). */
export const ZPersonName = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(50, `${label} must be at most 50 characters`);

export const ZStaff = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  birthday: ZDate.nullable(),
  role: ZStaffRole,
  email: z.string(),
  phone: z.string().nullable(),
  activated: z.boolean(),
  gmail: z.string().nullable(),
  createdAt: z.string(),
  /** The locations the login is limited to (issue 23; operators); empty: every location. */
  locationIds: z.array(z.number().int()).optional(),
});
export type TStaff = z.infer<typeof ZStaff>;

export const ZUpdateStaffBody = z.object({
  login: ZLogin,
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  birthday: ZOptionalDate,
  role: ZStaffRole,
  email: ZEmail,
  phone: ZOptionalPhone,
  activated: z.boolean().default(true),
  gmail: ZOptionalEmail,
});
export type TUpdateStaffBody = z.infer<typeof ZUpdateStaffBody>;
export type TUpdateStaffRequest = z.input<typeof ZUpdateStaffBody>;

/** Creating also sets the first password; updates never carry one. */
export const ZCreateStaffBody = ZUpdateStaffBody.extend({ password: ZPassword });
export type TCreateStaffBody = z.infer<typeof ZCreateStaffBody>;
export type TCreateStaffRequest = z.input<typeof ZCreateStaffBody>;

export const ZStaffFilters = z.object({
  login: z.string().trim().max(50).optional(),
  q: z.string().trim().max(100).optional(),
  role: ZStaffRole.optional(),
  activated: ZQueryBoolean.optional(),
});
export const ZStaffListQuery = ZListQuery.extend({
  ...ZStaffFilters.shape,
  sortField: z.enum(['login', 'firstName', 'lastName', 'email', 'createdAt']).optional(),
});
export type TStaffListQuery = z.output<typeof ZStaffListQuery>;
export const ZStaffExportQuery = ZStaffListQuery.omit({ current: true, pageSize: true });
export type TStaffExportQuery = z.output<typeof ZStaffExportQuery>;

const tag = 'staff';
export const staffEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/staff',
    right: 'records:manage',
    tag,
    summary: "The centre's admins and operators, filtered, sorted and paged",
    query: ZStaffListQuery,
    reply: listReply(ZStaff),
  }),
  export: defineEndpoint({
    method: 'get',
    path: '/staff/export',
    right: 'records:manage',
    tag,
    summary: 'The filtered staff list as an .xlsx file',
    query: ZStaffExportQuery,
  }),
  get: defineEndpoint({
    method: 'get',
    path: '/staff/:id',
    right: 'records:manage',
    tag,
    summary: 'One staff member',
    params: ZIdParams,
    reply: ZStaff,
  }),
  create: defineEndpoint({
    refusals: [429], // 'already in use' answers are throttled (issue 20 §8)
    method: 'post',
    path: '/staff',
    right: 'records:manage',
    tag,
    summary: 'Create an operator (admins also need staff:changeRole)',
    body: ZCreateStaffBody,
    reply: ZStaff,
    status: 201,
  }),
  update: defineEndpoint({
    refusals: [429], // 'already in use' answers are throttled (issue 20 §8)
    method: 'put',
    path: '/staff/:id',
    right: 'records:manage',
    tag,
    summary: "Update a staff member (a role change or an admin's record needs staff:changeRole)",
    params: ZIdParams,
    body: ZUpdateStaffBody,
    reply: ZStaff,
  }),
  activate: defineEndpoint({
    method: 'post',
    path: '/staff/:id/activate',
    right: 'records:manage',
    tag,
    summary: 'Activate a staff member',
    params: ZIdParams,
    reply: ZStaff,
  }),
  deactivate: defineEndpoint({
    method: 'post',
    path: '/staff/:id/deactivate',
    right: 'records:manage',
    tag,
    summary: 'Deactivate a staff member and revoke their tokens (never oneself)',
    params: ZIdParams,
    reply: ZStaff,
  }),
};
