import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './log';

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
