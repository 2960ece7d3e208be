import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, resolveJwtSecret } from './config';
import { describeTarget, resolveDatabaseTarget } from './db/target';

describe('database target', () => {
  it('defaults to PGlite in ./data/pglite and understands pglite: and postgresql: URLs', () => {
    expect(resolveDatabaseTarget(undefined)).toMatchObject({ kind: 'pglite' });
    expect(resolveDatabaseTarget(undefined).kind === 'pglite' && resolveDatabaseTarget(undefined)).toMatchObject({
      dataDir: expect.stringMatching(/data[\\/]pglite$/),
    });
    expect(resolveDatabaseTarget('pglite:/tmp/x')).toEqual({ kind: 'pglite', dataDir: '/tmp/x' });
    expect(resolveDatabaseTarget('postgresql://u:p@db:5432/x')).toEqual({
      kind: 'postgres',
      url: 'postgresql://u:p@db:5432/x',
    });
    expect(() => resolveDatabaseTarget('mysql://x')).toThrow(/DATABASE_URL/);
  });

  it('never prints the password of a PostgreSQL URL', () => {
    expect(describeTarget({ kind: 'postgres', url: 'postgresql://u:hunter2@db:5432/levelup' })).toBe(
      'PostgreSQL (db:5432/levelup)',
    );
  });
});

describe('JWT secret', () => {
  it('is required with PostgreSQL or in production, and must be long', () => {
    const pgTarget = { kind: 'postgres' as const, url: 'postgresql://db/x' };
    expect(() => resolveJwtSecret(pgTarget, {})).toThrow(/JWT_SECRET is required/);
    expect(() => resolveJwtSecret({ kind: 'pglite', dataDir: '/tmp/y' }, { NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required/,
    );
    expect(() => resolveJwtSecret(pgTarget, { JWT_SECRET: 'short' })).toThrow(/at least 32/);
    expect(resolveJwtSecret(pgTarget, { JWT_SECRET: 'x'.repeat(32) })).toBe('x'.repeat(32));
  });

  it('is generated once for the embedded database and kept beside its folder (mode 600)', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'levelup-cfg-')), 'pglite');
    const first = resolveJwtSecret({ kind: 'pglite', dataDir }, {});
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret({ kind: 'pglite', dataDir }, {})).toBe(first);
    expect(readFileSync(`${dataDir}.jwt-secret`, 'utf8')).toBe(first);
    expect(statSync(`${dataDir}.jwt-secret`).mode & 0o777).toBe(0o600);
  });

  it('seeds demo data only for the embedded database', () => {
    const secret = { JWT_SECRET: 'y'.repeat(40), SIN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
    expect(loadConfig({ ...secret, DATABASE_URL: 'postgresql://db/x' }).seedDemoWhenEmpty).toBe(false);
    expect(loadConfig({ ...secret, DATABASE_URL: 'pglite:memory://cfg' }).seedDemoWhenEmpty).toBe(true);
    expect(() => loadConfig({ ...secret, PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('OFFLINE_APP (issue 11)', () => {
  const secret = { JWT_SECRET: 'y'.repeat(40), SIN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
  it('is on unless set to off', () => {
    expect(loadConfig({ ...secret, DATABASE_URL: 'pglite:memory://cfg' }).offlineApp).toBe(true);
    expect(loadConfig({ ...secret, DATABASE_URL: 'pglite:memory://cfg', OFFLINE_APP: 'on' }).offlineApp).toBe(true);
    expect(loadConfig({ ...secret, DATABASE_URL: 'pglite:memory://cfg', OFFLINE_APP: 'off' }).offlineApp).toBe(false);
    expect(loadConfig({ ...secret, DATABASE_URL: 'pglite:memory://cfg', OFFLINE_APP: 'OFF' }).offlineApp).toBe(false);
  });

  it('refuses a value that is neither on nor off', () => {
    expect(() => loadConfig({ ...secret, DATABASE_URL: 'pglite:memory://cfg', OFFLINE_APP: 'maybe' })).toThrow(
      /OFFLINE_APP/,
    );
  });
});

describe('metrics settings (issue 24)', () => {
  const base = {
    JWT_SECRET: 'y'.repeat(40),
    SIN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    DATABASE_URL: 'pglite:memory://cfg',
  };
  it('are off unless set; METRICS_PORT listens on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    expect(loadConfig(base)).toMatchObject({
      metricsToken: undefined,
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
    });
    const token = 'a-scraper-token-of-32-characters';
    expect(loadConfig({ ...base, METRICS_TOKEN: token, METRICS_PORT: '9464' })).toMatchObject({
      metricsToken: token,
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
    });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });

  it('refuse a short token, a port that is no port, and the API port itself', () => {
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'has spaces in it somewhere' })).toThrow(/METRICS_TOKEN/);
    for (const port of ['metrics', '0', '65536', '94.64', '-1']) {
      expect(() => loadConfig({ ...base, METRICS_PORT: port }), port).toThrow(/METRICS_PORT must be a port number/);
    }
    expect(() => loadConfig({ ...base, PORT: '8000', METRICS_PORT: '8000' })).toThrow(/METRICS_PORT must differ/);
  });
});
