// The class's feedback as a PDF (pdf-lib): the class, its sections and each student's feedback, the
// same texts as the emails. A system CJK font is embedded when there is one (pdf-font.ts); else the
// standard Helvetica covers Latin text (WinAnsi) and other characters are shown as "?".
import type { Response } from 'express';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { embedPdfFonts, PAGE, PageWriter } from '../../pdf/page-writer';
import { type Access, type FeedbackClass, feedbackContent, findFeedbackClass, studentTexts } from './class-feedback';
import { classSections, classTime, FEEDBACK_WORDS, type FeedbackLang } from './feedback-email';

class Writer extends PageWriter {
  /** Tabs as four spaces. */
  protected override drawable(text: string) {
    return super.drawable(text.replace(/\t/g, '    '));
  }

  private wrap(text: string, font: PDFFont, size: number): string[] {
    const width = PAGE.width - 2 * PAGE.margin;
    const lines: string[] = [];
    for (const paragraph of this.drawable(text).split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width) line = next;
        else if (!line) {
          // One word wider than the line: cut it where it no longer fits.
          let part = '';
          for (const c of word) {
            if (font.widthOfTextAtSize(part + c, size) > width) {
              lines.push(part);
              part = '';
            }
            part += c;
          }
          line = part;
        } else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, { size = 11, bold = false, gap = 4, grey = false } = {}) {
    const font = bold ? this.bold : this.font;
    for (const line of this.wrap(text, font, size)) {
      if (this.y - size < PAGE.margin) this.newPage();
      this.y -= size + 3;
      this.page.drawText(line, {
        x: PAGE.margin,
        y: this.y,
        size,
        font,
        color: grey ? rgb(0.4, 0.4, 0.4) : rgb(0, 0, 0),
      });
    }
    this.y -= gap;
  }
}

export async function feedbackPdf(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  access: Access,
  res: Response,
  lang: FeedbackLang = 'en-US',
): Promise<undefined> {
  return sendFeedbackPdf(await findFeedbackClass(prisma, auth, id, access), res, undefined, lang);
}

/**
 * Writes the class's feedback PDF to `res`, its fixed texts in `lang` (the reader's language).
 * `onlyStudents`: the students whose own feedback it shows (the family portal shows a family only its
 * children); all students when absent.
 */
export async function sendFeedbackPdf(
  row: FeedbackClass,
  res: Response,
  onlyStudents?: ReadonlySet<number>,
  lang: FeedbackLang = 'en-US',
): Promise<undefined> {
  const bytes = await feedbackPdfBytes(row, onlyStudents, lang);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${feedbackPdfName(row)}"`);
  res.end(Buffer.from(bytes));
  return undefined;
}

/** The PDF's file name: feedback-<class>-<YYYY-MM-DD>.pdf. */
export const feedbackPdfName = (row: Pick<FeedbackClass, 'id' | 'startAt'>) =>
  `feedback-${row.id}-${row.startAt.toISOString().slice(0, 10)}.pdf`;

/** The class's feedback PDF, its fixed texts in `lang` (the family's data export adds it to its zip). */
export async function feedbackPdfBytes(
  row: FeedbackClass,
  onlyStudents?: ReadonlySet<number>,
  lang: FeedbackLang = 'en-US',
): Promise<Uint8Array> {
  const w = FEEDBACK_WORDS[lang];
  const content = feedbackContent(row);
  const doc = await PDFDocument.create();
  doc.setTitle(w.title(content.course));
  doc.setProducer('Level Up');
  const out = new Writer(doc, ...(await embedPdfFonts(doc)));
  out.text(content.centre.name, { size: 10, grey: true });
  out.text(w.title(content.course), { size: 18, bold: true, gap: 6 });
  out.text(`${classTime(content, lang)}, ${content.teacher}`, { gap: 4 });
  out.text(row.feedback?.submittedAt ? w.submitted(row.feedback.submittedAt.toISOString().slice(0, 10)) : w.draft, {
    size: 10,
    grey: true,
    gap: 14,
  });
  for (const section of classSections(content, lang)) {
    out.text(section.heading, { size: 13, bold: true });
    out.text(section.body, { gap: 12 });
  }
  const texts = studentTexts(row);
  const students = row.students.filter(
    ({ student }) => (!onlyStudents || onlyStudents.has(student.id)) && (texts.get(student.id) ?? '').trim(),
  );
  if (students.length) out.text(w.students, { size: 15, bold: true, gap: 6 });
  for (const { student } of students) {
    out.text(`${student.firstName} ${student.lastName} (${student.studentId})`, { size: 12, bold: true });
    out.text(texts.get(student.id) ?? '', { gap: 10 });
  }
  return doc.save();
}
