import { defineEndpoint } from './endpoint';
import { z } from './z';

/**
 * Issue 19: a new student or teacher with the same name, email or phone as an existing one is warned
 * about before it is saved (a warning the user may proceed past, not a refusal).
 */
export const ZSimilarQuery = z.object({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(32).optional(),
});
export type TSimilarQuery = z.output<typeof ZSimilarQuery>;

export const similarMatches = ['name', 'email', 'phone'] as const;
export const ZSimilarRecord = z.object({
  id: z.number().int(),
  /** "Hannah Gagnon (LU-0001)" for a student, the teacher's name. */
  label: z.string(),
  /** What is the same: the name (first and last, case and accents aside), the email, the phone's digits. */
  matches: z.array(z.enum(similarMatches)),
});
export type TSimilarRecord = z.infer<typeof ZSimilarRecord>;

const common = { right: 'records:manage', method: 'get', query: ZSimilarQuery } as const;
export const similarEndpoints = {
  students: defineEndpoint({
    ...common,
    tag: 'students',
    path: '/students/similar',
    summary: 'Students of the centre with the same name, email or phone (at most 5), to warn before adding one',
    reply: z.array(ZSimilarRecord),
  }),
  teachers: defineEndpoint({
    ...common,
    tag: 'teachers',
    path: '/teachers/similar',
    summary: 'Teachers of the centre with the same name, email or phone (at most 5), to warn before adding one',
    reply: z.array(ZSimilarRecord),
  }),
};
