import { describe, expect, it } from 'vitest';
import { isApi, isSkipWaiting, servesShell, shouldPrecache } from './rules';

describe('service worker rules (issue 11)', () => {
  it('precaches the shell, the hashed scripts and styles, the manifest and icons', () => {
    for (const file of [
      'index.html',
      'umi.7df40cff.js',
      '803.60ad0227.async.js',
      't__plugin-layout__Layout.e2ec6e92.chunk.css',
      'p__Login.0a1b2c3d.async.js',
      'manifest.webmanifest',
      'icons/icon-192.png',
      'icons/icon-maskable-512.png',
      'favicon.svg',
    ])
      expect(shouldPrecache(file), file).toBe(true);
  });

  it('never precaches compressed copies, the bundle report, the worker or anything under api/', () => {
    for (const file of [
      'umi.7df40cff.js.br',
      'umi.7df40cff.js.gz',
      'index.html.br',
      'report.json',
      'stats.json',
      'sw.js',
      'umi.js',
      'umi.7df40cff.js.map',
      'api/students',
      'api/account',
    ])
      expect(shouldPrecache(file), file).toBe(false);
  });

  it('knows the API by its path', () => {
    expect(isApi('/api/students')).toBe(true);
    expect(isApi('/api')).toBe(true);
    expect(isApi('/api/billing/invoices/3/pdf')).toBe(true);
    expect(isApi('/apiary')).toBe(false);
    expect(isApi('/student/all-student')).toBe(false);
  });

  it('gives the shell to client routes, not to the API or to files', () => {
    for (const route of ['/', '/user/login', '/student/studentDashboard/12', '/teacherConfirmation'])
      expect(servesShell(route), route).toBe(true);
    for (const other of ['/api/students', '/api', '/api/calendar/abc.ics', '/sw.js', '/manifest.webmanifest'])
      expect(servesShell(other), other).toBe(false);
  });

  it('takes over only on the SKIP_WAITING message', () => {
    expect(isSkipWaiting({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isSkipWaiting({ type: 'GET_VERSION' })).toBe(false);
    expect(isSkipWaiting('SKIP_WAITING')).toBe(false);
    expect(isSkipWaiting(null)).toBe(false);
  });
});
