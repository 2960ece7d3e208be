// The fill rate of freed seats (/report, issue 22): the seat releases freed within the centre's local
// days from..to, per local month of freeing, with the offers sent for them, the claimed and the expired
// ones, the fill rate and the median time from freeing to claim.
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { ZLessonReportQuery } from '../../../src/contracts/cover';
import type { TSeatFillCounts, TSeatFillReport } from '../../../src/contracts/seats';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { reportLocations } from '../reports/report-scope';
import { centreTimeZone } from '../schedules/list-schedules';

type Query = z.output<typeof ZLessonReportQuery>;
interface Release {
  status: string;
  freedAt: Date;
  claimedAt: Date | null;
  _count: { offers: number };
}

/** The median of whole minutes (the mean of the two middle values for an even count), rounded. */
export function medianMinutes(ms: readonly number[]): number | null {
  if (ms.length === 0) return null;
  const sorted = [...ms].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return Math.round(median / 60_000);
}

function countsOf(releases: readonly Release[]): TSeatFillCounts {
  const claimed = releases.filter((r) => r.status === 'CLAIMED' && r.claimedAt);
  const freed = releases.length;
  return {
    freed,
    offers: releases.reduce((sum, r) => sum + r._count.offers, 0),
    claimed: claimed.length,
    expired: releases.filter((r) => r.status === 'EXPIRED').length,
    fillRate: freed ? Math.round((claimed.length * 1000) / freed) / 10 : null,
    medianMinutesToClaim: medianMinutes(claimed.map((r) => (r.claimedAt as Date).getTime() - r.freedAt.getTime())),
  };
}

export async function seatFillReport(prisma: PrismaClient, auth: AuthContext, query: Query): Promise<TSeatFillReport> {
  const organisationId = organisationOf(auth);
  const zone = await centreTimeZone(prisma, organisationId);
  // Issue 23: a location asked for, or a site-limited operator's sites (the freed class's location).
  const locationIds = await reportLocations(prisma, auth, query.locationId);
  const releases = await prisma.seatRelease.findMany({
    where: {
      organisationId,
      freedAt: { gte: startOfDayIn(query.from, zone), lt: endOfDayIn(query.to, zone) },
      schedule: locationIds ? { locationId: { in: locationIds } } : undefined,
    },
    select: { status: true, freedAt: true, claimedAt: true, _count: { select: { offers: true } } },
    orderBy: { freedAt: 'asc' },
  });
  const byMonth = new Map<string, Release[]>();
  for (const r of releases) {
    const month = DateTime.fromJSDate(r.freedAt, { zone }).toFormat('yyyy-MM');
    byMonth.set(month, [...(byMonth.get(month) ?? []), r]);
  }
  return {
    from: query.from,
    to: query.to,
    timeZone: zone,
    totals: countsOf(releases),
    months: [...byMonth].map(([month, rows]) => ({ month, ...countsOf(rows) })),
  };
}
