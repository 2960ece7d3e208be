// A seat freed in a class (issue 22): called in the transaction of whatever freed it (a lesson
// cancelled for one student, a student leaving the class). Owned by the waitlist feature, which offers
// the seat to make-up credit holders of the course, then to the waitlist.
import type { Prisma } from '../../generated/prisma/client';
import type { MessageQueue } from '../../messaging/queue';
import { releaseSeat } from './offers';

export interface SeatFreedInput {
  organisationId: number;
  scheduleId: number;
  /** The student whose cancellation freed it, if any. */
  freedByStudentId: number | null;
  /** The queue that sends the offers (absent in processes without messaging). */
  queue?: MessageQueue;
}

/**
 * Records the freed seat and offers it (make-up credit holders of the course first, else the waitlist;
 * see offers.ts). Nothing when the class is not PLANNED, is past, has no capacity or no free seat.
 */
export async function seatFreed(tx: Prisma.TransactionClient, input: SeatFreedInput): Promise<void> {
  await releaseSeat(tx, input);
}
