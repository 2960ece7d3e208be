// The backup file's own checks and the lines a restore adapts (server/db/backup.ts), without a
// database; tests/api/backup.test.ts restores real backups on both databases.
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adaptDump, type BackupInfo, decodeBackup, encodeBackup } from './backup';

const info: BackupInfo = {
  format: 1,
  createdAt: '2026-11-28T12:00:00.000Z',
  source: 'pglite',
  serverVersion: '17.5',
  migrations: { count: 1, latest: '20260101000000_init' },
  tables: [{ table: 'public.note', rows: 2 }],
};

// The shape of pg_dump's plain output, with a row whose text is one of the lines adapted.
const dump = [
  '--',
  '-- PostgreSQL database dump',
  '--',
  '',
  '\\restrict abc123',
  '',
  'SET statement_timeout = 0;',
  'SET transaction_timeout = 0;',
  '',
  '--',
  '-- Name: note; Type: TABLE; Schema: public; Owner: -',
  '--',
  '',
  'CREATE TABLE public.note (text text);',
  "INSERT INTO public.note VALUES ('line one\nSET transaction_timeout = 0;\n\\restrict abc123\nend'), ('two');",
  '',
  '--',
  '-- PostgreSQL database dump complete',
  '--',
  '',
  '\\unrestrict abc123',
  '',
].join('\n');

describe('backup file', () => {
  it('gives back the header and the SQL it was made of', () => {
    expect(decodeBackup(encodeBackup(info, Buffer.from(dump)))).toEqual({ info, sql: dump });
  });

  it('refuses a changed, cut, foreign or newer-format file, naming what is wrong', () => {
    const text = gunzipSync(encodeBackup(info, Buffer.from(dump))).toString();
    const cases: [Buffer, RegExp][] = [
      [gzipSync(text.replace("'two'", "'too'")), /corrupt: its checksum does not match/],
      [Buffer.from(text.slice(0, text.length - 20)), /truncated: its end line is missing/],
      [encodeBackup(info, Buffer.from(dump)).subarray(0, 100), /corrupt or truncated \(gzip/],
      [Buffer.from(dump), /not a Level Up backup/],
      [encodeBackup({ ...info, format: 2 }, Buffer.from(dump)), /backup format 2; this version .* reads format 1/],
    ];
    for (const [file, message] of cases) expect(() => decodeBackup(file, 'x.sql.gz')).toThrow(message);
  });
});

describe('adaptDump', () => {
  it('keeps every line for psql on PostgreSQL 17', () => {
    expect(adaptDump(dump, { psql: true, serverVersionNum: 170004 })).toBe(dump);
  });

  it("drops transaction_timeout before PostgreSQL 17 and psql's \\restrict lines for PGlite, never in the rows", () => {
    const forPg15 = adaptDump(dump, { psql: true, serverVersionNum: 150020 });
    expect(forPg15.split('\n').filter((l) => l === 'SET transaction_timeout = 0;')).toHaveLength(1); // the row's
    expect(forPg15).toContain('\\restrict abc123\n\nSET statement_timeout');
    const forPglite = adaptDump(dump, { psql: false, serverVersionNum: 170000 });
    expect(forPglite.split('\n').filter((l) => /^\\(un)?restrict/.test(l))).toEqual(['\\restrict abc123']); // the row's
    expect(forPglite).toContain('SET transaction_timeout = 0;\n\n--\n-- Name: note');
  });
});
