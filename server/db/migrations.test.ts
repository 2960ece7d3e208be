import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from './migrator';

describe('migration scripts', () => {
  // Prisma's PostgreSQL adapter runs a migration by splitting it at every ';' (PGlite takes the script
  // whole), so a semicolon inside a comment or a string cuts a statement in two on PostgreSQL only.
  it('have no semicolon outside the end of a statement', () => {
    const found: string[] = [];
    for (const name of readdirSync(migrationsDir)) {
      const file = path.join(migrationsDir, name, 'migration.sql');
      let sql: string;
      try {
        sql = readFileSync(file, 'utf8');
      } catch {
        continue; // migration_lock.toml
      }
      sql.split('\n').forEach((line, i) => {
        const code = line.trim();
        if (code.startsWith('--') && code.includes(';')) found.push(`${name}:${i + 1}`);
        else if (/'[^']*;[^']*'/.test(code)) found.push(`${name}:${i + 1}`);
      });
    }
    expect(found).toEqual([]);
  });
});
