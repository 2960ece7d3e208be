// Where a PDF's texts are, as pdf.js reads them: each run of text with its page, baseline and extent,
// and the runs that leave the page's margins or run into another run of the same line.
import path from 'node:path';

export interface PlacedText {
  page: number;
  str: string;
  x: number;
  /** The baseline, from the page's bottom. */
  y: number;
  width: number;
}

export async function placedTexts(bytes: Uint8Array): Promise<{ pageWidth: number; texts: PlacedText[] }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.resolve('node_modules/pdfjs-dist/standard_fonts')}/`,
  }).promise;
  const texts: PlacedText[] = [];
  let pageWidth = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    pageWidth = page.view[2] - page.view[0];
    const items = (await page.getTextContent()).items as { str?: string; transform?: number[]; width?: number }[];
    for (const item of items) {
      if (!item.str?.trim() || !item.transform) continue;
      texts.push({ page: n, str: item.str, x: item.transform[4], y: item.transform[5], width: item.width ?? 0 });
    }
  }
  return { pageWidth, texts };
}

/**
 * What is out of place: a run that starts left of `margin` or ends right of the page's width less
 * `margin`, and two runs of one line (same page and baseline) that overlap. Empty when all is well.
 */
export function misplaced({ pageWidth, texts }: Awaited<ReturnType<typeof placedTexts>>, margin: number): string[] {
  const slack = 0.5;
  const out: string[] = [];
  const name = (t: PlacedText) =>
    `"${t.str.slice(0, 40)}" (page ${t.page}, x ${t.x.toFixed(1)}-${(t.x + t.width).toFixed(1)})`;
  for (const t of texts) {
    if (t.x < margin - slack) out.push(`${name(t)} starts left of the margin ${margin}`);
    if (t.x + t.width > pageWidth - margin + slack)
      out.push(`${name(t)} ends right of the margin ${(pageWidth - margin).toFixed(1)}`);
  }
  const lines = new Map<string, PlacedText[]>();
  for (const t of texts) {
    const key = `${t.page}:${Math.round(t.y * 2)}`;
    lines.set(key, [...(lines.get(key) ?? []), t]);
  }
  for (const line of lines.values()) {
    const sorted = line.toSorted((a, b) => a.x - b.x);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i - 1].x + sorted[i - 1].width > sorted[i].x + slack)
        out.push(`${name(sorted[i - 1])} runs into ${name(sorted[i])}`);
    }
  }
  return out;
}

/**
 * The text of one side's runs, in reading order (page, then top to bottom, then left to right): on the
 * left those that start at most `reach` points right of the margin (a wrapped text's lines, hanging
 * ones included), on the right those that end at most `reach` points left of it (right-aligned ones). A
 * text wrapped in its column reads whole here, not cut by the other column's runs of the same lines.
 */
export function sideText(
  { pageWidth, texts }: Awaited<ReturnType<typeof placedTexts>>,
  side: 'left' | 'right',
  margin: number,
  reach: number,
): string {
  const on = (t: PlacedText) => (side === 'left' ? t.x <= margin + reach : t.x + t.width >= pageWidth - margin - reach);
  return texts
    .filter(on)
    .toSorted((a, b) => a.page - b.page || b.y - a.y || a.x - b.x)
    .map((t) => t.str)
    .join(' ');
}
