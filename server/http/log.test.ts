import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, loggableUrl } from './log';

describe('log', () => {
  it('blanks passwords, tokens, cookies and SINs however a caller passes them', () => {
    let text = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    const logger = createLogger(sink);
    logger.level = 'info';
    logger.info(
      { password: 'pw-1', user: { token: 'tok-2', sin: '046454286' }, req: { headers: { authorization: 'Bearer x' } } },
      'hello',
    );
    const line = JSON.parse(text);
    expect(line).toMatchObject({ level: 'info', message: 'hello', password: '[Redacted]' });
    expect(line.user).toEqual({ token: '[Redacted]', sin: '[Redacted]' });
    expect(line.req.headers.authorization).toBe('[Redacted]');
    expect(text).not.toMatch(/pw-1|tok-2|046454286|Bearer/);
  });
});

describe('loggableUrl', () => {
  it('keeps the path and the sorted names of the query, never a value', () => {
    expect(loggableUrl('/api/students')).toBe('/api/students');
    expect(loggableUrl('/api/students?')).toBe('/api/students');
    expect(loggableUrl('/api/students?q=Ann&page=2&q=Bo')).toBe('/api/students?page&q');
    expect(loggableUrl('/api/x?flag&a%20b=1&%E4%B8%AD=2&%ZZ=3')).toBe('/api/x?_&_ZZ&a_b&flag'); // names outside [\w.[\]-] become _
    expect(loggableUrl('/api/calendar/abcdefghijklmnopqrstuvwxyz012345.ics?x=1')).toBe('/api/calendar/[redacted]?x');
  });
});
