import {
  optionalText,
  SPREADSHEET_TYPES,
  ZDate,
  ZId,
  ZIdParams,
  ZOptionalDate,
  ZOptionalEmail,
  ZOptionalPhone,
  ZOptionalRate,
  ZQueryBoolean,
} from './common';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

export { STUDENT_ID_EXISTS } from './messages';

/** A student's editable fields (voucher balances arrive with the vouchers issue). */
export const ZStudentBody = z.object({
  studentId: z.string().trim().min(1, 'Student ID is required').max(40, 'At most 40 characters'),
  firstName: z.string().trim().min(1, 'First name is required').max(50, 'At most 50 characters'),
  lastName: z.string().trim().min(1, 'Last name is required').max(50, 'At most 50 characters'),
  referrerId: ZId.nullish().transform((v) => v ?? null),
  startDate: ZOptionalDate,
  wechat: optionalText(60),
  phone: ZOptionalPhone,
  email: ZOptionalEmail,
  comments: optionalText(5000),
  allowSms: z.boolean().default(false),
  allowEmail: z.boolean().default(true),
  feedbackEmail: ZOptionalEmail,
  feedbackNotification: z.boolean().default(false),
  hourlyRate: ZOptionalRate,
  /** The location the student is enrolled at (issue 23); left out: the centre's first location. */
  locationId: z.preprocess((v) => (v === '' ? undefined : v), ZId.optional()),
});
export type TStudentBody = z.input<typeof ZStudentBody>;

export const ZStudent = z.object({
  id: z.number().int(),
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  referrerId: z.number().int().nullable(),
  referrer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  startDate: z.string().nullable(),
  wechat: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  comments: z.string().nullable(),
  allowSms: z.boolean(),
  allowEmail: z.boolean(),
  feedbackEmail: z.string().nullable(),
  feedbackNotification: z.boolean(),
  hourlyRate: z.string().nullable(),
  /** The student's household (issue 21); null for a student the desk has not put in one yet. */
  householdId: z.number().int().nullable(),
  /** The location the student is enrolled at (issue 23). */
  locationId: z.number().int().nullable().optional(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type TStudent = z.infer<typeof ZStudent>;

/**
 * A row of the student list: the student plus money derived from the ledger (2-decimal strings).
 * voucherBalance is the cached ledger sum (negative = owing); the totals are summed for the page's
 * students only: purchased (PURCHASE), gift (GIFT), paid from voucher (class charges net of reversals).
 */
export const ZStudentListItem = ZStudent.extend({
  voucherBalance: z.string(),
  totalPurchased: z.string(),
  totalGift: z.string(),
  totalPaidFromVoucher: z.string(),
});
export type TStudentListItem = z.infer<typeof ZStudentListItem>;

export const studentSortFields = [
  'lastName',
  'firstName',
  'studentId',
  'startDate',
  'createdAt',
  'hourlyRate',
] as const;

/** Filters shared by the list and the export. */
export const ZStudentFilters = z.object({
  active: ZQueryBoolean.optional(),
  studentId: z.string().trim().max(40).optional(),
  firstName: z.string().trim().max(50).optional(),
  lastName: z.string().trim().max(50).optional(),
  referrerId: ZId.optional(),
  locationId: ZId.optional(),
  startDateFrom: ZDate.optional(),
  startDateTo: ZDate.optional(),
  q: z.string().trim().max(100).optional(),
  sortField: z.enum(studentSortFields).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export const ZStudentListQuery = ZListQuery.extend(ZStudentFilters.shape);
export type TStudentFilters = z.output<typeof ZStudentFilters>;

export const ZDeactivateStudentsBody = z.object({
  ids: z.array(ZId).min(1, 'Select at least one student').max(1000, 'At most 1000 students at once'),
});
export const ZDeactivateStudentsReply = z.object({
  deactivated: z.array(z.number().int()),
  notDeactivated: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  /**
   * The PLANNED classes each deactivated student left (only students who left any); a one-on-one
   * class that lost its only student was cancelled.
   */
  released: z
    .array(
      z.object({
        id: z.number().int(),
        schedules: z.array(
          z.object({ id: z.number().int(), startAt: z.string(), course: z.string(), cancelled: z.boolean() }),
        ),
      }),
    )
    .optional(),
});
export type TDeactivateStudentsReply = z.infer<typeof ZDeactivateStudentsReply>;

// The import file's columns live in a module without zod (the list page shows them).
export { STUDENT_IMPORT_HEADERS, STUDENT_REQUIRED_HEADERS } from './import-headers';
export const ZImportQuery = z.object({ dryRun: ZQueryBoolean.default(true) });
export const ZImportReply = z.object({
  dryRun: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  imported: z.number().int(),
  /** The outcome in words, pluralised: "Imported 1 student", "3 errors in 2 rows: nothing was imported". */
  message: z.string(),
});
export type TImportReply = z.infer<typeof ZImportReply>;

const base = { right: 'records:manage', tag: 'students' } as const;
export const studentEndpoints = {
  list: defineEndpoint({
    ...base,
    method: 'get',
    path: '/students',
    summary: 'Students of the centre, filtered, sorted and paged, with their voucher balance and totals',
    query: ZStudentListQuery,
    reply: listReply(ZStudentListItem),
  }),
  exportXlsx: defineEndpoint({
    ...base,
    method: 'get',
    path: '/students/export',
    summary: 'The filtered student list as .xlsx',
    query: ZStudentFilters,
  }),
  nextId: defineEndpoint({
    ...base,
    method: 'get',
    path: '/students/next-id',
    summary: "A suggestion for a new student's ID: one more than the highest of the newest ID's pattern",
    reply: z.object({ studentId: z.string() }),
  }),
  importTemplate: defineEndpoint({
    ...base,
    method: 'get',
    path: '/students/import-template',
    summary: 'An empty .xlsx with the import header row',
  }),
  importFile: defineEndpoint({
    refusals: [429],
    upload: SPREADSHEET_TYPES,
    ...base,
    method: 'post',
    path: '/students/import',
    summary: 'Import students from a raw .xlsx/.csv body; all rows or none',
    query: ZImportQuery,
    reply: ZImportReply,
  }),
  deactivateMany: defineEndpoint({
    ...base,
    method: 'post',
    path: '/students/deactivate',
    summary: 'Deactivate several students; replies which were and which were not',
    body: ZDeactivateStudentsBody,
    reply: ZDeactivateStudentsReply,
  }),
  get: defineEndpoint({
    ...base,
    method: 'get',
    path: '/students/:id',
    summary: 'One student',
    params: ZIdParams,
    reply: ZStudent,
  }),
  create: defineEndpoint({
    ...base,
    method: 'post',
    path: '/students',
    summary: 'Create a student',
    body: ZStudentBody,
    reply: ZStudent,
    status: 201,
  }),
  update: defineEndpoint({
    ...base,
    method: 'put',
    path: '/students/:id',
    summary: 'Update a student',
    params: ZIdParams,
    body: ZStudentBody,
    reply: ZStudent,
  }),
  activate: defineEndpoint({
    ...base,
    method: 'post',
    path: '/students/:id/activate',
    summary: 'Activate a student',
    params: ZIdParams,
    reply: ZStudent,
  }),
  deactivate: defineEndpoint({
    ...base,
    method: 'post',
    path: '/students/:id/deactivate',
    summary: 'Deactivate a student',
    params: ZIdParams,
    reply: ZStudent,
  }),
};
