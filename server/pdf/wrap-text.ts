// Text that fits a column of a PDF (issue 37, finding 7): lines no wider than the column, measured
// with the font that draws them. Lines break at spaces, and between any two Chinese, Japanese or Korean
// characters (such text has no spaces: it wraps by character width), never before a closing mark such
// as '，' or ')' nor after an opening one; a word wider than the column is cut where it no longer fits.
import type { PDFFont } from 'pdf-lib';

/** Wide scripts and their punctuation: a line may break before or after any of these characters. */
const WIDE =
  /[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3ffff}]/u;
/** Marks that close or end something: they stay on the line of the character before them. */
const CLOSING = /[，。、；：？！）】》」』〉〕”’,.;:?!)\]}%]/u;
/** Marks that open something: they stay on the line of the character after them. */
const OPENING = /[（【《「『〈〔“‘([{]/u;

/** Where a line may break: each piece ends at a break opportunity (its trailing spaces included). */
function pieces(text: string): string[] {
  const out: string[] = [];
  let piece = '';
  const chars = [...text];
  chars.forEach((c, i) => {
    const next = chars[i + 1];
    piece += c;
    const breakAfter =
      next === undefined ||
      (c === ' ' && next !== ' ') ||
      ((WIDE.test(c) || WIDE.test(next)) && next !== ' ' && !CLOSING.test(next) && !OPENING.test(c));
    if (breakAfter) {
      out.push(piece);
      piece = '';
    }
  });
  return out;
}

/**
 * `text` as lines of at most `width` points at `size` in `font`, lines after the first at most `next`
 * (a hanging indent). At least one line; only a single character wider than the column makes a wider one.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number, next = width): string[] {
  const lines: string[] = [];
  const fits = (s: string) => font.widthOfTextAtSize(s.trimEnd(), size) <= (lines.length ? next : width);
  let line = '';
  for (const piece of pieces(text)) {
    if (fits(line + piece)) {
      line += piece;
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    line = '';
    // A piece wider than the column on its own: cut it character by character.
    for (const c of piece) {
      if (line && !fits(line + c)) {
        lines.push(line.trimEnd());
        line = '';
      }
      if (line || c !== ' ') line += c;
    }
  }
  if (line.trim() || !lines.length) lines.push(line.trimEnd());
  return lines;
}
