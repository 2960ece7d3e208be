// The pg Pool behind a Prisma client on PostgreSQL, for the pool metrics (server/metrics/database.ts).
// PrismaPg opens its Pool itself when the client first connects (and a new one after $disconnect), so
// the factory's connect() is wrapped to note the Pool it made; construction stays as target.ts has it.

import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { Pool } from 'pg';

const pools = new WeakMap<object, Pool | undefined>();

/** Call before the client's first query: remembers the Pool that `factory` opens for `client`. */
export function watchPool(client: object, factory: SqlDriverAdapterFactory): void {
  if (!(factory instanceof PrismaPg)) return; // PGlite: one in-process connection, no pool to watch
  pools.set(client, undefined);
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    pools.set(client, adapter.underlyingDriver());
    return adapter;
  };
}

/** Whether the client works through a pg Pool (PostgreSQL), whether it has opened it yet or not. */
export function hasPool(client: object): boolean {
  return pools.has(client);
}

/** The client's current pg Pool; undefined on PGlite or before its first query. */
export function poolOf(client: object): Pool | undefined {
  return pools.get(client);
}
