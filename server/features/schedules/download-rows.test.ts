import { describe, expect, it } from 'vitest';
import type { Prisma } from '../../generated/prisma/client';
import { addDays, DOWNLOAD_BATCH, hoursBetween, localDate, localWeekday, scheduleBatches } from './download-rows';

describe('scheduleBatches', () => {
  it('reads batch after batch with a (startAt, id) cursor until a short batch', async () => {
    const all = Array.from({ length: DOWNLOAD_BATCH * 2 + 3 }, (_, i) => ({
      id: i + 1,
      // Ties on startAt, so the cursor must break them by id.
      startAt: new Date(Date.UTC(2026, 2, 2, 0, Math.floor(i / 3))),
    }));
    const wheres: Prisma.ScheduleWhereInput[] = [];
    const base = { organisationId: 7 };
    const rows = await scheduleBatches(base, async (where, take) => {
      wheres.push(where);
      const last = (where.AND as Prisma.ScheduleWhereInput[] | undefined)?.[1]?.OR?.[1] as
        | { startAt: Date; id: { gt: number } }
        | undefined;
      const from = last ? all.findIndex((row) => row.id === last.id.gt) + 1 : 0;
      return all.slice(from, from + take);
    });
    expect(wheres).toHaveLength(1); // the first batch is read up front
    const seen: number[] = [];
    for await (const row of rows) seen.push(row.id);
    expect(seen).toEqual(all.map((row) => row.id));
    expect(wheres).toHaveLength(3);
    expect(wheres[1]).toEqual({
      AND: [
        base,
        {
          OR: [
            { startAt: { gt: all[DOWNLOAD_BATCH - 1].startAt } },
            { startAt: all[DOWNLOAD_BATCH - 1].startAt, id: { gt: DOWNLOAD_BATCH } },
          ],
        },
      ],
    });
  });

  it('stops after an empty first batch', async () => {
    let reads = 0;
    const rows = await scheduleBatches({}, async () => {
      reads++;
      return [];
    });
    for await (const _ of rows) throw new Error('no rows expected');
    expect(reads).toBe(1);
  });
});

describe('centre-zone helpers', () => {
  it('give the local day and weekday of an instant, across the March 2026 change in Toronto', () => {
    expect(localDate(new Date('2026-03-02T04:30:00Z'), 'America/Toronto')).toBe('2026-03-01');
    expect(localWeekday(new Date('2026-03-09T03:30:00Z'), 'America/Toronto')).toBe('Sunday');
    expect(localDate(new Date('2026-03-09T03:30:00Z'), 'Asia/Shanghai')).toBe('2026-03-09');
    expect(addDays('2026-03-02', 6)).toBe('2026-03-08');
    expect(hoursBetween(new Date('2026-03-02T21:00:00Z'), new Date('2026-03-02T22:40:00Z'))).toBe(1.67);
  });
});
