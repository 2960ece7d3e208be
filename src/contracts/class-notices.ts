import { z } from './z';

// Telling people about a class change (issue 19 section 4): moving, cancelling or rescheduling a class
// carries who to notify, and the reply says who was told.

/**
 * Whom to tell: the class's teacher (their class-change notices, by their own channel settings) and the
 * families (each student who allows email and has an address, or allows SMS and has a phone). Left out
 * of a request: the teacher is told as before and the families are not (the screens always send it,
 * both ticked by default).
 */
export const ZNotifyChoice = z.object({
  teacher: z.boolean({ error: 'Notify the teacher is true or false' }),
  families: z.boolean({ error: 'Notify the families is true or false' }),
});
export type TNotifyChoice = z.infer<typeof ZNotifyChoice>;

/** Who was told: how many teachers get a class-change notice, and how many families were written to. */
export const ZTold = z.object({ teachers: z.number().int(), families: z.number().int() });
export type TTold = z.infer<typeof ZTold>;

/**
 * The body of POST /schedules/:id/cancel (optional: a request without one tells the teacher only).
 * Who cancels the whole class (issue 22): the centre (the default) or the teacher; either way no
 * student is charged and each earns a make-up credit (a make-up booked into it gets its credit back).
 */
export const ZCancelBody = z.object({
  notify: ZNotifyChoice.optional(),
  cancelledBy: z.enum(['CENTRE', 'TEACHER'], { error: 'Who cancels the class is CENTRE or TEACHER' }).optional(),
  reason: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type TCancelBody = z.input<typeof ZCancelBody>;
