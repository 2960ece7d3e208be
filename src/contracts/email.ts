// Bulk email (/email): saved templates with placeholders, an audience (staff, teachers, students with
// filters), its recipient count and a preview for one real recipient, and batches sent through the
// message queue with their progress. Right: email:send (operators and admins).
import { ZId, ZIdParams } from './common';
import { blankAsAbsent, requiredText, ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { ZMessage, ZMessageListQuery, ZMessageStatus } from './message-history';
import { z } from './z';

/** What a template's subject and body may contain, replaced per recipient. */
export const EMAIL_PLACEHOLDERS = ['firstName', 'lastName', 'fullName', 'centreName'] as const;
export type TEmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

const PLACEHOLDER_PATTERN = /\{([^{}\s]{0,40})\}/g;

/** The placeholders of `text` that are not known, as written ({first_name}). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(EMAIL_PLACEHOLDERS);
  return [...new Set([...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]).filter((name) => !known.has(name)))].map(
    (name) => `{${name}}`,
  );
}

const knownPlaceholders = EMAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');
export const unknownPlaceholderMessage = (found: string[]) =>
  `Unknown placeholder ${found.join(', ')}: use ${knownPlaceholders}`;

/** Replaces every known placeholder of `text` with the recipient's value. */
export function renderPlaceholders(text: string, values: Record<TEmailPlaceholder, string>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    name in values ? values[name as TEmailPlaceholder] : whole,
  );
}

const withPlaceholders = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((text, ctx) => {
    const found = unknownPlaceholders(text);
    if (!found.length) return;
    // The template and its values too, so the server can word it in the reader's language.
    const params = {
      text: 'Unknown placeholder {found}: use {known}',
      found: found.join(', '),
      known: knownPlaceholders,
    };
    ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(found), params });
  });

export const EMAIL_SUBJECT_MAX = 300;
export const EMAIL_BODY_MAX = 20_000;
export const ZEmailSubject = withPlaceholders(requiredText('Subject', EMAIL_SUBJECT_MAX));
export const ZEmailBody = withPlaceholders(
  z.string().trim().min(1, 'Body is required').max(EMAIL_BODY_MAX, `At most ${EMAIL_BODY_MAX} characters`),
);

export const TEMPLATE_NAME_TAKEN_MESSAGE = 'Another template of this centre already has this name';
export const EMPTY_AUDIENCE_MESSAGE = 'No recipient: nobody in the chosen groups and filters can receive email';

export const ZEmailTemplateBody = z.object({
  name: requiredText('Name', 100),
  subject: ZEmailSubject,
  body: ZEmailBody,
});
export type TEmailTemplateBody = z.input<typeof ZEmailTemplateBody>;

export const ZEmailTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  updatedBy: ZNamed.nullable(),
  updatedAt: z.string(),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

export const ZEmailTemplateListQuery = ZListQuery.extend({
  q: z.string().trim().max(100).optional(),
  sortField: z.enum(['name', 'subject', 'updatedAt']).optional(),
});

export const audienceGroups = ['STAFF', 'TEACHERS', 'STUDENTS'] as const;
export const ZAudienceGroup = z.enum(audienceGroups);
export type TAudienceGroup = z.infer<typeof ZAudienceGroup>;

/**
 * Who receives the email: active people of the chosen groups. Course, teacher and term narrow
 * students (registered in, or in a class of) and teachers (teaching it); they leave staff as they are.
 * Low balance takes students below the centre's threshold (and no staff or teacher).
 */
export const ZAudience = z.object({
  groups: z
    .array(ZAudienceGroup)
    .min(1, 'Pick at least one group of recipients')
    .transform((groups) => [...new Set(groups)]),
  courseId: ZId.nullish(),
  teacherId: ZId.nullish(),
  termId: ZId.nullish(),
  lowBalance: z.boolean().default(false),
});
export type TAudience = z.input<typeof ZAudience>;

export const ZRecipient = z.object({
  kind: z.enum(['staff', 'teacher', 'student']),
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type TRecipient = z.infer<typeof ZRecipient>;

export const ZAudienceCount = z.object({
  recipients: z.number().int(),
  byGroup: z.object({ STAFF: z.number().int(), TEACHERS: z.number().int(), STUDENTS: z.number().int() }),
  /** Left out, and why: students without an address or who do not allow email, people reached twice. */
  leftOut: z.object({ noAddress: z.number().int(), optedOut: z.number().int(), duplicate: z.number().int() }),
  /** The first recipients, to pick one for the preview. */
  sample: z.array(ZRecipient),
});
export type TAudienceCount = z.infer<typeof ZAudienceCount>;

export const ZPreviewBody = z.object({
  audience: ZAudience,
  subject: ZEmailSubject,
  body: ZEmailBody,
  /** The recipient to render for; the first of the audience when absent. */
  recipient: z.object({ kind: ZRecipient.shape.kind, id: ZId }).nullish(),
});
export type TPreviewBody = z.input<typeof ZPreviewBody>;
export const ZPreview = z.object({ recipient: ZRecipient, subject: z.string(), body: z.string() });
export type TPreview = z.infer<typeof ZPreview>;

export const ZSendBody = z.object({
  audience: ZAudience,
  subject: ZEmailSubject,
  body: ZEmailBody,
  templateId: ZId.nullish(),
});
export type TSendBody = z.input<typeof ZSendBody>;

export const ZStatusCounts = z.object(
  Object.fromEntries(ZMessageStatus.options.map((s) => [s, z.number().int()])) as Record<
    z.infer<typeof ZMessageStatus>,
    z.ZodNumber
  >,
);
export type TStatusCounts = z.infer<typeof ZStatusCounts>;

export const ZEmailBatch = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  audience: z.unknown(),
  recipientCount: z.number().int(),
  createdBy: ZNamed.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: ZStatusCounts,
});
export type TEmailBatch = z.infer<typeof ZEmailBatch>;

export const ZEmailBatchListQuery = ZListQuery.extend({
  q: z.string().trim().max(100).optional(),
  sortField: z.enum(['createdAt', 'subject', 'recipientCount']).optional(),
});

export const ZBatchMessagesQuery = ZMessageListQuery.extend({
  /** Part of the recipient's address or name. */
  q: blankAsAbsent(z.string().trim().max(254)),
});
export type TBatchMessagesQuery = z.output<typeof ZBatchMessagesQuery>;

const common = { right: 'email:send', tag: 'email' } as const;
export const emailEndpoints = {
  templateOptions: defineEndpoint({
    ...common,
    method: 'get',
    path: '/email/templates/options',
    summary: "The centre's templates with their texts, by name, for the compose picker",
    reply: z.array(ZEmailTemplate),
  }),
  listTemplates: defineEndpoint({
    ...common,
    method: 'get',
    path: '/email/templates',
    summary: "The centre's email templates, searched by name or subject, sorted and paged",
    query: ZEmailTemplateListQuery,
    reply: listReply(ZEmailTemplate),
  }),
  createTemplate: defineEndpoint({
    ...common,
    method: 'post',
    path: '/email/templates',
    summary: 'Save a template (name unique in the centre; placeholders {firstName} {lastName} {fullName} {centreName})',
    body: ZEmailTemplateBody,
    reply: ZEmailTemplate,
    status: 201,
  }),
  updateTemplate: defineEndpoint({
    ...common,
    method: 'put',
    path: '/email/templates/:id',
    summary: 'Change a template',
    params: ZIdParams,
    body: ZEmailTemplateBody,
    reply: ZEmailTemplate,
  }),
  removeTemplate: defineEndpoint({
    ...common,
    method: 'delete',
    path: '/email/templates/:id',
    summary: 'Delete a template (batches sent with it keep their texts)',
    params: ZIdParams,
    status: 204,
  }),
  count: defineEndpoint({
    ...common,
    method: 'post',
    path: '/email/audience/count',
    summary: 'How many people an audience reaches, and how many were left out and why',
    body: ZAudience,
    reply: ZAudienceCount,
  }),
  preview: defineEndpoint({
    ...common,
    method: 'post',
    path: '/email/preview',
    summary: 'The subject and body rendered for one real recipient of the audience',
    body: ZPreviewBody,
    reply: ZPreview,
  }),
  send: defineEndpoint({
    ...common,
    method: 'post',
    path: '/email/batches',
    summary: 'Queue one email per recipient of the audience, in one transaction',
    body: ZSendBody,
    reply: ZEmailBatch,
    status: 201,
  }),
  listBatches: defineEndpoint({
    ...common,
    method: 'get',
    path: '/email/batches',
    summary: 'Bulk emails sent, newest first, with their counts per status',
    query: ZEmailBatchListQuery,
    reply: listReply(ZEmailBatch),
  }),
  getBatch: defineEndpoint({
    ...common,
    method: 'get',
    path: '/email/batches/:id',
    summary: 'One bulk email and its counts per status (its progress)',
    params: ZIdParams,
    reply: ZEmailBatch,
  }),
  batchMessages: defineEndpoint({
    ...common,
    method: 'get',
    path: '/email/batches/:id/messages',
    summary: "A bulk email's messages, one per recipient: search, status filter",
    params: ZIdParams,
    query: ZBatchMessagesQuery,
    reply: listReply(ZMessage),
  }),
  resendFailed: defineEndpoint({
    ...common,
    method: 'post',
    path: '/email/batches/:id/resend-failed',
    summary: 'Queue every FAILED message of a bulk email again (same idempotency keys)',
    params: ZIdParams,
    reply: z.object({ resent: z.number().int() }),
  }),
};
