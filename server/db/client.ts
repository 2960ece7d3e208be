import { PrismaClient } from '../generated/prisma/client';
import { createAdapterFactory, type DatabaseTarget } from './target';

export async function createPrisma(target: DatabaseTarget): Promise<PrismaClient> {
  return new PrismaClient({ adapter: await createAdapterFactory(target) });
}
