import { existsSync } from 'node:fs';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedWideFont } from './pdf-font';
import { wrapText } from './wrap-text';

const WIDE_FONT = [
  process.env.PDF_FONT,
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
].some((file) => file && existsSync(file));

let helvetica: PDFFont;
let wide: PDFFont | null;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  helvetica = await doc.embedFont(StandardFonts.Helvetica);
  wide = await embedWideFont(doc);
});

const widest = (lines: string[], font: PDFFont, size: number) =>
  Math.max(...lines.map((l) => font.widthOfTextAtSize(l, size)));

describe('wrapText', () => {
  it('breaks English at spaces, every line within the width, no word lost', () => {
    const text = 'Advanced Placement Calculus BC with Multivariable Extensions and Exam Preparation '.repeat(3).trim();
    const lines = wrapText(text, helvetica, 10, 200);
    expect(lines.length).toBeGreaterThan(3);
    expect(widest(lines, helvetica, 10)).toBeLessThanOrEqual(200);
    expect(lines.join(' ')).toBe(text);
    expect(lines.every((l) => l === l.trim())).toBe(true);
  });

  it('keeps a text that fits on one line, and gives one (empty) line for an empty text', () => {
    expect(wrapText('Purchase', helvetica, 10, 200)).toEqual(['Purchase']);
    expect(wrapText('', helvetica, 10, 200)).toEqual(['']);
  });

  it('cuts a word wider than the column where it no longer fits', () => {
    const lines = wrapText(`${'x'.repeat(120)} end`, helvetica, 10, 100);
    expect(widest(lines, helvetica, 10)).toBeLessThanOrEqual(100);
    expect(lines.join('').replace(/ /g, '')).toBe(`${'x'.repeat(120)}end`);
  });

  it('gives the lines after the first their own width (a hanging indent)', () => {
    const lines = wrapText('word '.repeat(60).trim(), helvetica, 10, 300, 200);
    expect(helvetica.widthOfTextAtSize(lines[0], 10)).toBeGreaterThan(200);
    expect(widest(lines.slice(1), helvetica, 10)).toBeLessThanOrEqual(200);
  });

  // Needs a CJK font (pdf-font.ts): without one, Chinese text is drawn as '?' and never measured.
  it.skipIf(!WIDE_FONT)('wraps Chinese by character width, never starting a line with a closing mark', () => {
    if (!wide) throw new Error('no CJK font');
    const text = '高等数学微积分与多元函数拓展及考试冲刺强化训练课程，'.repeat(8);
    for (const width of [97, 150, 203, 251]) {
      const lines = wrapText(text, wide, 10, width);
      expect(widest(lines, wide, 10)).toBeLessThanOrEqual(width);
      expect(lines.join('')).toBe(text);
      expect(lines.some((l) => l.startsWith('，'))).toBe(false);
    }
    // Mixed: English words stay whole beside Chinese.
    const words = ['Advanced', 'Placement', 'Calculus'];
    const mixed = wrapText(`课程扣费：${words.join(' ')}（1.50 小时 × CA$40.00）`, wide, 10, 90);
    expect(widest(mixed, wide, 10)).toBeLessThanOrEqual(90);
    for (const word of words)
      expect(
        mixed.some((l) => l.split(/[ ：]/).includes(word)),
        word,
      ).toBe(true);
    expect(mixed.some((l) => l.endsWith('（'))).toBe(false);
  });
});
