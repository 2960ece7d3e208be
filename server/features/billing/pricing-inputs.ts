// The platform's price list as invoice-math takes it (tiers, minimum charge, due days, currency).
import type { Prisma } from '../../generated/prisma/client';
import type { PriceTier } from './invoice-math';

type Db = Pick<Prisma.TransactionClient, 'platformPriceTier' | 'platformBillingSettings'>;

export interface PlatformPricing {
  tiers: PriceTier[];
  minimumCharge: Prisma.Decimal | string;
  dueDays: number;
  currency: string;
}

export async function platformPricing(db: Db): Promise<PlatformPricing> {
  const [tiers, settings] = await Promise.all([
    db.platformPriceTier.findMany({ orderBy: { fromStudents: 'asc' } }),
    db.platformBillingSettings.findUnique({ where: { id: 1 } }),
  ]);
  return {
    tiers: tiers.map((t) => ({ fromStudents: t.fromStudents, pricePerStudent: t.pricePerStudent })),
    minimumCharge: settings?.minimumCharge ?? '0',
    dueDays: settings?.dueDays ?? 14,
    currency: (settings?.currency ?? 'CAD').trim(),
  };
}

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
