import { ZEmail, ZLogin, ZPassword } from './account';
import {
  optionalText,
  SPREADSHEET_TYPES,
  ZDate,
  ZId,
  ZIdParams,
  ZOptionalDate,
  ZOptionalPhone,
  ZOptionalRate,
  ZQueryBoolean,
} from './common';
import { defineEndpoint, type Endpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { COLOUR_MESSAGE, SIN_MESSAGE } from './messages';
import { ZPersonName } from './staff';
import { z } from './z';

export { COLOUR_MESSAGE, SIN_MESSAGE } from './messages';

// Teachers: a ROLE_TEACHER user plus the Teacher record (spec section 3, "Teacher").
export const SIN_PATTERN = /^\d{9}$/;
/** What everyone but an admin sees of a SIN: six stars and the last three digits. */
export const SIN_MASK_PATTERN = /^\*{6}\d{3}$/;
export const maskSin = (last3: string) => `******${last3}`;
export const DELETED_TEACHER_MESSAGE = 'This teacher was deleted and cannot be reactivated';

export const ZSin = z.string().trim().regex(SIN_PATTERN, SIN_MESSAGE);
const ZOptionalSin = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || SIN_PATTERN.test(v), SIN_MESSAGE);
/** On update: absent or the masked value leaves the stored SIN as it is; '' or null clears it. */
const ZSinChange = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v === undefined || (v && SIN_MASK_PATTERN.test(v)) ? undefined : v || null))
  .refine((v) => v === undefined || v === null || SIN_PATTERN.test(v), SIN_MESSAGE);
const ZOptionalColour = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || /^#[0-9a-f]{6}$/.test(v), COLOUR_MESSAGE);

export const ZCourseOption = z.object({ id: z.number().int(), name: z.string() });
export type TCourseOption = z.infer<typeof ZCourseOption>;
export const ZTeacherOption = z.object({ id: z.number().int(), name: z.string() });

export const ZTeacher = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  activated: z.boolean(),
  employeeId: z.string().nullable(),
  preferredName: z.string().nullable(),
  birthday: ZDate.nullable(),
  wechat: z.string().nullable(),
  /** In clear for admins, masked ("******123") for everyone else; null when none is stored. */
  sin: z.string().nullable(),
  payrollContact: z.string().nullable(),
  hourlyRate: z.string().nullable(),
  operatingArea: z.string().nullable(),
  advantage: z.string().nullable(),
  disadvantage: z.string().nullable(),
  feedback: z.string().nullable(),
  colour: z.string().nullable(),
  courses: z.array(ZCourseOption),
  deleted: z.boolean(),
  /** True while the teacher has no password (imported teachers wait for an invitation or an admin). */
  awaitingInvitation: z.boolean(),
  createdAt: z.string(),
  /** The locations the teacher works at (issue 23); empty: every location. */
  locationIds: z.array(z.number().int()).optional(),
});
export type TTeacher = z.infer<typeof ZTeacher>;

const teacherFields = {
  login: ZLogin,
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  email: ZEmail,
  phone: ZOptionalPhone,
  activated: z.boolean().default(true),
  employeeId: optionalText(40),
  preferredName: optionalText(50),
  birthday: ZOptionalDate,
  wechat: optionalText(60),
  payrollContact: optionalText(200),
  hourlyRate: ZOptionalRate,
  operatingArea: optionalText(200),
  advantage: optionalText(5000),
  disadvantage: optionalText(5000),
  feedback: optionalText(5000),
  colour: ZOptionalColour,
  courseIds: z.array(ZId).max(200).default([]),
};
export const ZCreateTeacherBody = z.object({ ...teacherFields, password: ZPassword, sin: ZOptionalSin });
export type TCreateTeacherBody = z.infer<typeof ZCreateTeacherBody>;
export type TCreateTeacherRequest = z.input<typeof ZCreateTeacherBody>;
export const ONLY_ADMIN_SETS_PASSWORD = "Only an admin can set a teacher's password";
export const ZUpdateTeacherBody = z.object({
  ...teacherFields,
  sin: ZSinChange,
  /** An admin may set the password (imported teachers have none); absent, null or '' keeps it. */
  password: z
    .union([ZPassword, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || undefined),
});
export type TUpdateTeacherBody = z.infer<typeof ZUpdateTeacherBody>;
export type TUpdateTeacherRequest = z.input<typeof ZUpdateTeacherBody>;

export const teacherStatuses = ['active', 'inactive', 'deleted'] as const;
export const ZTeacherFilters = z.object({
  q: z.string().trim().max(100).optional(),
  activated: ZQueryBoolean.optional(),
  /** active / inactive (not deleted, login off) / deleted; absent: every teacher not deleted. */
  status: z.enum(teacherStatuses).optional(),
  courseId: ZId.optional(),
});
export const teacherSortFields = ['lastName', 'firstName', 'employeeId', 'hourlyRate', 'createdAt'] as const;
export const ZTeacherListQuery = ZListQuery.extend({
  ...ZTeacherFilters.shape,
  sortField: z.enum(teacherSortFields).optional(),
});
export type TTeacherListQuery = z.output<typeof ZTeacherListQuery>;
export const ZTeacherExportQuery = ZTeacherListQuery.omit({ current: true, pageSize: true });

// The import file's columns live in a module without zod (the list page shows them).
export { teacherImportHeaders, teacherRequiredHeaders } from './import-headers';
export const ZImportQuery = z.object({ dryRun: ZQueryBoolean.default(true) });
export const ZImportRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type TImportRowError = z.infer<typeof ZImportRowError>;
export const ZImportReply = z.object({
  dryRun: z.boolean(),
  total: z.number().int(),
  /** Rows without an error. */
  valid: z.number().int(),
  imported: z.number().int(),
  errors: z.array(ZImportRowError),
  /** The outcome in words, pluralised: "Imported 1 teacher", "3 errors in 2 rows: nothing was imported". */
  message: z.string(),
});
export type TImportReply = z.infer<typeof ZImportReply>;

/** Every teacher endpoint needs 'records:manage' (admins and operators). */
function teacherEndpoint<const E extends Omit<Endpoint, 'tag' | 'right'>>(endpoint: E) {
  return defineEndpoint({ ...endpoint, tag: 'teachers', right: 'records:manage' as const });
}

export const teacherEndpoints = {
  list: teacherEndpoint({
    method: 'get',
    path: '/teachers',
    summary: 'Teachers of the centre (deleted ones excluded), filtered, sorted and paged',
    query: ZTeacherListQuery,
    reply: listReply(ZTeacher),
  }),
  export: teacherEndpoint({
    method: 'get',
    path: '/teachers/export',
    summary: 'The filtered teacher list as an .xlsx file (SIN masked for everyone)',
    query: ZTeacherExportQuery,
  }),
  options: teacherEndpoint({
    method: 'get',
    path: '/teachers/options',
    summary: 'Active teachers as {id, name} for selects',
    reply: z.array(ZTeacherOption),
  }),
  importTemplate: teacherEndpoint({
    method: 'get',
    path: '/teachers/import-template',
    summary: 'An empty .xlsx file with the import columns',
  }),
  import: teacherEndpoint({
    method: 'post',
    path: '/teachers/import',
    refusals: [429],
    upload: SPREADSHEET_TYPES,
    summary: 'Import teachers from .xlsx/.csv; dryRun=true reports row errors, a real run imports all rows or none',
    query: ZImportQuery,
    reply: ZImportReply,
  }),
  get: teacherEndpoint({
    method: 'get',
    path: '/teachers/:id',
    summary: 'One teacher',
    params: ZIdParams,
    reply: ZTeacher,
  }),
  create: teacherEndpoint({
    refusals: [429], // 'already in use' answers are throttled (issue 20 §8)
    method: 'post',
    path: '/teachers',
    summary: 'Create a teacher: the user and the teacher record together',
    body: ZCreateTeacherBody,
    reply: ZTeacher,
    status: 201,
  }),
  update: teacherEndpoint({
    refusals: [429], // 'already in use' answers are throttled (issue 20 §8)
    method: 'put',
    path: '/teachers/:id',
    summary: 'Update a teacher',
    params: ZIdParams,
    body: ZUpdateTeacherBody,
    reply: ZTeacher,
  }),
  activate: teacherEndpoint({
    method: 'post',
    path: '/teachers/:id/activate',
    summary: 'Activate a teacher (never a deleted one)',
    params: ZIdParams,
    reply: ZTeacher,
  }),
  deactivate: teacherEndpoint({
    method: 'post',
    path: '/teachers/:id/deactivate',
    summary: 'Deactivate a teacher and revoke their tokens',
    params: ZIdParams,
    reply: ZTeacher,
  }),
  delete: teacherEndpoint({
    method: 'delete',
    path: '/teachers/:id',
    summary: 'Delete a teacher: deactivates them for good (refused while they have incomplete schedules)',
    params: ZIdParams,
    status: 204,
  }),
};
