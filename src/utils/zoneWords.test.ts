import { describe, expect, it } from 'vitest';
import { zoneWords } from './zoneWords';

describe('zoneWords', () => {
  it('names the city, the zone in the reader language and the offset of the day', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(zoneWords('America/Toronto', 'en-US', winter)).toEqual({
      city: 'Toronto',
      generic: 'Eastern Time',
      offset: '−05:00',
    });
    expect(zoneWords('America/Toronto', 'en-US', new Date('2026-07-15T12:00:00Z')).offset).toBe('−04:00');
    expect(zoneWords('America/Los_Angeles', 'en-US', winter).city).toBe('Los Angeles');
    expect(zoneWords('Asia/Kolkata', 'en-US', winter).offset).toBe('+05:30');
    expect(zoneWords('UTC', 'en-US', winter).offset).toBe('+00:00');
    expect(zoneWords('America/Toronto', 'zh-CN', winter).generic).toMatch(/东部/);
  });
});
