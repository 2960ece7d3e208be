// A seat freed in a class (issue 22): called in the transaction of whatever freed it (a lesson
// cancelled for one student, a student leaving the class). Owned by the waitlist feature, which offers
// the seat to make-up credit holders of the course, then to the waitlist.
import type { Prisma } from '../../generated/prisma/client';
import type { MessageQueue } from '../../messaging/queue';

export interface SeatFreedInput {
  organisationId: number;
  scheduleId: number;
  /** The student whose cancellation freed it, if any. */
  freedByStudentId: number | null;
  /** The queue that sends the offers (absent in processes without messaging). */
  queue?: MessageQueue;
}

/** Records the freed seat and its offers. Until the waitlist feature lands, nothing is offered. */
export async function seatFreed(_tx: Prisma.TransactionClient, _input: SeatFreedInput): Promise<void> {}
