// The start every PDF of the app shares (the feedback and invoice PDFs, pdf-lib): A4 pages written top
// to bottom from the margin, the fonts (the wide CJK font of pdf-font.ts for both weights when there is
// one, else Helvetica and Helvetica Bold), and text the font cannot draw shown as '?'.
import { type PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { embedWideFont } from '../features/feedback/pdf-font';

export const PAGE = { width: 595.28, height: 841.89, margin: 56 };

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
