// The server Playwright starts: a fresh embedded database (seeded with the demo centre) on its own port.
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(import.meta.dirname, '../../data/e2e');
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}.jwt-secret`, { force: true });
process.env.DATABASE_URL = `pglite:${dataDir}`;
process.env.PORT ??= '8123';
process.env.LOG_LEVEL ??= 'warn';
import('../../server/index');
