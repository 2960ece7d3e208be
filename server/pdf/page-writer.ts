// The start every PDF of the app shares (the feedback, invoice and voucher receipt PDFs, pdf-lib): A4 pages written top
// to bottom from the margin, the fonts (the wide CJK font of pdf-font.ts for both weights when there is
// one, else Helvetica and Helvetica Bold), and text the font cannot draw shown as '?'.
import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { embedWideFont } from './pdf-font';
import { wrapText } from './wrap-text';

export const PAGE = { width: 595.28, height: 841.89, margin: 56 };

export interface LineOptions {
  right?: string;
  size?: number;
  bold?: boolean;
  gap?: number;
  grey?: boolean;
  /** Lines after the first of a wrapped `left` start where this prefix of it ends (a date before a text). */
  hangAfter?: string;
}

/** Between the left text and the right one, and between the lines of a wrapped text. */
const GUTTER = 12;
const LEADING = 2;
/** The right text's column takes at most this share of the line when both texts are long. */
const RIGHT_SHARE = 0.45;

export class PageWriter {
  protected page!: PDFPage;
  /** Where the next line goes, from the page's bottom. */
  protected y = 0;
  private readonly charset: Set<number>;

  constructor(
    protected readonly doc: PDFDocument,
    protected readonly font: PDFFont,
    protected readonly bold: PDFFont,
  ) {
    this.charset = new Set(font.getCharacterSet());
    this.newPage();
  }

  protected newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /**
   * One line: `left` at the margin, `right` (if any) right-aligned (the invoice and receipt PDFs). Texts
   * too long for their column wrap onto more lines (issue 37, finding 7): the right one keeps its width
   * when it fits beside the left one, else each gets a column of the line (the right at most 45 %
   * unless the left is short), so no text runs into the other or past the margin.
   */
  line(left: string, { right, size = 11, bold = false, gap = 3, grey = false, hangAfter }: LineOptions = {}) {
    const font = bold ? this.bold : this.font;
    const color = grey ? rgb(0.4, 0.4, 0.4) : rgb(0, 0, 0);
    const width = PAGE.width - 2 * PAGE.margin;
    const leftText = this.drawable(left);
    const rightText = right === undefined ? undefined : this.drawable(right);
    const measure = (text: string) => font.widthOfTextAtSize(text, size);
    let rightColumn = 0;
    if (rightText !== undefined) {
      const leftWidth = Math.min(measure(leftText), width - GUTTER);
      rightColumn = Math.min(measure(rightText), Math.max(width - GUTTER - leftWidth, width * RIGHT_SHARE));
    }
    const leftColumn = rightText === undefined ? width : width - GUTTER - rightColumn;
    const hang = hangAfter ? Math.min(measure(this.drawable(hangAfter)), leftColumn / 2) : 0;
    const lefts = wrapText(leftText, font, size, leftColumn, leftColumn - hang);
    const rights = rightText === undefined ? [] : wrapText(rightText, font, size, rightColumn);
    for (let i = 0; i < Math.max(lefts.length, rights.length); i++) {
      if (this.y - size < PAGE.margin) this.newPage();
      this.y -= size + (i === 0 ? gap : LEADING);
      if (lefts[i]) {
        const x = PAGE.margin + (i === 0 ? 0 : hang);
        this.page.drawText(lefts[i], { x, y: this.y, size, font, color });
      }
      if (rights[i]) {
        const x = PAGE.width - PAGE.margin - measure(rights[i]);
        this.page.drawText(rights[i], { x, y: this.y, size, font, color });
      }
    }
  }

  space(points: number) {
    this.y -= points;
  }

  /** Characters the font cannot draw become '?', so any text makes a PDF. */
  protected drawable(text: string) {
    return [...text].map((c) => (this.charset.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
  }
}

/** The regular and bold fonts embedded in the document: the wide font for both, else Helvetica's. */
export async function embedPdfFonts(doc: PDFDocument): Promise<[font: PDFFont, bold: PDFFont]> {
  const wide = await embedWideFont(doc);
  if (wide) return [wide, wide];
  return [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
}
