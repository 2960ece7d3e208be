// The start every PDF of the app shares (the feedback, invoice and voucher receipt PDFs, pdf-lib): A4 pages written top
// to bottom from the margin, the fonts (the wide CJK font of pdf-font.ts for both weights when there is
// one, else Helvetica and Helvetica Bold), and text the font cannot draw shown as '?'.
import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { embedWideFont } from './pdf-font';

export const PAGE = { width: 595.28, height: 841.89, margin: 56 };

export interface LineOptions {
  right?: string;
  size?: number;
  bold?: boolean;
  gap?: number;
  grey?: boolean;
}

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

  /** One line: `left` at the margin, `right` (if any) right-aligned (the invoice and receipt PDFs). */
  line(left: string, { right, size = 11, bold = false, gap = 3, grey = false }: LineOptions = {}) {
    const font = bold ? this.bold : this.font;
    if (this.y - size < PAGE.margin) this.newPage();
    this.y -= size + gap;
    const color = grey ? rgb(0.4, 0.4, 0.4) : rgb(0, 0, 0);
    this.page.drawText(this.drawable(left), { x: PAGE.margin, y: this.y, size, font, color });
    if (right !== undefined) {
      const text = this.drawable(right);
      const x = PAGE.width - PAGE.margin - font.widthOfTextAtSize(text, size);
      this.page.drawText(text, { x, y: this.y, size, font, color });
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
