// A household's monthly statement as a PDF (pdf-lib, the shared PageWriter and its CJK font) in one
// language (en-US or zh-CN): the centre, the household and the month; per child the opening balance,
// each entry of the month in family words (date, what, hours x rate for a lesson charge, amount) and
// the closing balance; the household's total. Money in the centre's currency in that language's format.
import { PDFDocument } from 'pdf-lib';
import type { Locale } from '../../i18n/locale';
import { render, type ServerText, t } from '../../i18n/text';
import { embedPdfFonts, PageWriter } from '../../pdf/page-writer';
import { moneyText } from '../money/money-text';
import type { Statement, StatementEntry } from './statement-data';

/** Each ledger kind in family words. */
export const ENTRY_WORDS: Record<StatementEntry['kind'], ServerText> = {
  PURCHASE: 'Purchase',
  GIFT: 'Gift',
  CLASS_CHARGE: 'Lesson charged',
  CHARGE_REVERSAL: 'Lesson charge reversed',
  REFUND: 'Refund',
  ADJUSTMENT: 'Adjustment',
};

/** "March 2026" / "2026年3月". */
export function monthLabel(month: string, locale: Locale): string {
  const [year, m] = month.split('-').map(Number);
  if (locale === 'zh-CN') return `${year}年${m}月`;
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
}

/** What an entry is, in family words: "Lesson charged: Maths (1.50 h × CA$40.00)". */
export function entryText(entry: StatementEntry, currency: string, locale: Locale): string {
  const what = render(ENTRY_WORDS[entry.kind], locale);
  const head = entry.course ? render(t('{what}: {course}', { what, course: entry.course }), locale) : what;
  if (entry.kind !== 'CLASS_CHARGE' && entry.kind !== 'CHARGE_REVERSAL') return head;
  if (entry.price) {
    return `${head} (${render(t('lesson price {price}', { price: moneyText(entry.price.toString(), currency, locale) }), locale)})`;
  }
  if (entry.hours && entry.rate) {
    const detail = render(
      t('{hours} h × {rate}', {
        hours: entry.hours.toFixed(2),
        rate: moneyText(entry.rate.toString(), currency, locale),
      }),
      locale,
    );
    return `${head} (${detail})`;
  }
  return head;
}

export const statementFileName = (statement: Pick<Statement, 'month' | 'household'>) =>
  `statement-${statement.household.id}-${statement.month}.pdf`;

export async function statementPdf(statement: Statement, locale: Locale): Promise<Uint8Array> {
  const say = (text: ServerText) => render(text, locale);
  const money = (amount: { toString(): string }) => moneyText(amount.toString(), statement.centre.currency, locale);
  const month = monthLabel(statement.month, locale);
  const doc = await PDFDocument.create();
  doc.setTitle(`${say('Monthly statement')} ${statement.month}`);
  doc.setProducer('Level Up');
  const out = new PageWriter(doc, ...(await embedPdfFonts(doc)));
  out.line(statement.centre.name, { size: 14, bold: true });
  out.line(say('Monthly statement'), { size: 20, bold: true, gap: 10 });
  out.space(6);
  out.line(say('Household'), { right: statement.household.name, gap: 6 });
  out.line(say('Month'), { right: month, gap: 6 });
  for (const child of statement.children) {
    out.space(14);
    out.line(child.name, { size: 13, bold: true, gap: 6 });
    out.line(say('Opening balance'), { right: money(child.opening), gap: 6 });
    if (child.entries.length === 0) out.line(say('No activity this month'), { grey: true, gap: 6 });
    for (const entry of child.entries) {
      // A long course name wraps in its column, under the text rather than the date (PageWriter.line).
      out.line(`${entry.date}  ${entryText(entry, statement.centre.currency, locale)}`, {
        right: money(entry.amount),
        size: 10,
        gap: 5,
        hangAfter: `${entry.date}  `,
      });
    }
    out.line(say('Closing balance'), { right: money(child.closing), bold: true, gap: 6 });
  }
  out.space(14);
  out.line(say('Household total'), { size: 13, bold: true, gap: 6 });
  out.line(say('Opening balance'), { right: money(statement.opening), gap: 6 });
  out.line(say('Closing balance'), { right: money(statement.closing), size: 14, bold: true, gap: 8 });
  out.space(18);
  out.line(
    render(
      t('Amounts are in {currency}. A charge is shown with a minus sign.', { currency: statement.centre.currency }),
      locale,
    ),
    { grey: true, size: 9 },
  );
  return doc.save();
}
