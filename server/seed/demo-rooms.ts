// The demo centre's one location and its rooms (issue 23), and which room is free when: classes are
// booked into a room only where it holds no other class at that time (tracked in memory while the
// seed writes, so the demo has no room clash). A series keeps one room for all its classes, or none.
import type { Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;

export const DEMO_ADDRESS = '120 King St W, Toronto, ON M5H 1J9';
const ROOMS = [
  { name: 'Room A', capacity: 6 },
  { name: 'Room B', capacity: 4 },
  { name: 'Room C', capacity: 8 },
];

export interface DemoPlace {
  locationId: number;
  /** The first free room with enough seats for every one of the times, booked for them; else null. */
  book(times: { start: number; end: number }[], seats: number): number | null;
}

export async function seedDemoPlace(tx: Tx, organisationId: number): Promise<DemoPlace> {
  const { name } = await tx.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { name: true } });
  const location = await tx.location.create({
    data: { organisationId, name: name.slice(0, 100), address: DEMO_ADDRESS, phone: '416-555-0199' },
    select: { id: true },
  });
  const rooms = await tx.room.createManyAndReturn({
    data: ROOMS.map((room) => ({ locationId: location.id, ...room })),
    select: { id: true, capacity: true },
  });
  const booked = new Map<number, { start: number; end: number }[]>(rooms.map((r) => [r.id, []]));
  return {
    locationId: location.id,
    book(times, seats) {
      for (const room of rooms) {
        if (room.capacity < seats) continue;
        const taken = booked.get(room.id) ?? [];
        if (times.some((t) => taken.some((b) => b.start < t.end && t.start < b.end))) continue;
        taken.push(...times);
        return room.id;
      }
      return null;
    },
  };
}
