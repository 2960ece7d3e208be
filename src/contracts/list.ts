import { z } from './z';

/** Query every list endpoint takes: ProTable's paging plus one sort column. */
export const ZListQuery = z.object({
  // Capped so that (current - 1) * pageSize stays a sane OFFSET.
  current: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  sortField: z.string().max(40).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});

/** The reply shape ProTable's `request` expects. */
export function listReply<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    /** The count stopped at `total` (issue 24: a capped count): there are more than `total - 1` rows. */
    totalCapped: z.literal(true).optional(),
    success: z.literal(true),
  });
}
