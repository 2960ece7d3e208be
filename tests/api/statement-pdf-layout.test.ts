// The monthly statement's PDF keeps every text in its column (issue 37, finding 7): a long course name
// ran past the amount beside it and off the page. Texts now wrap within their column (PageWriter.line),
// Chinese by character width; measured as pdf.js places them, in en-US and zh-CN, and nothing is lost.
// With SHOTS_DIR set, the PDFs are written there to look at (pdftoppm -png -r 60).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdStatement, type Statement } from '../../server/features/statements/statement-data';
import { statementPdf } from '../../server/features/statements/statement-pdf';
import { PAGE } from '../../server/pdf/page-writer';
import { misplaced, placedTexts, sideText } from '../support/pdf-layout';
import { pdfText } from '../support/pdf-text';
import { createStatementFamily } from '../support/statement-factories';
import { readBinary } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

const sized = (words: string, length: number) => words.repeat(Math.ceil(length / words.length)).slice(0, length);
/** A course name of 200 characters, in words. */
const LONG_EN = sized(
  'Advanced Placement Calculus BC with Multivariable Extensions and Exam Preparation ',
  200,
).trimEnd();
/** The same in Chinese: 200 characters without a space. */
const LONG_ZH = sized('高等数学微积分与多元函数拓展及考试冲刺强化训练课程，', 200);
/** The longest a course's name can be in the database (Course.name is VarChar(100)). */
const STORED = sized('Intensive Reading Writing and Grammar for Secondary School Entrance Examinations ', 100);

let ctx: TestContext;
let family: Awaited<ReturnType<typeof createStatementFamily>>;
beforeAll(async () => {
  ctx = await createTestContext();
  family = await createStatementFamily(ctx, { month: '2026-03', courseName: STORED });
}, 120_000);
afterAll(() => ctx?.close());

const squeezed = (text: string) => text.replace(/\s+/g, '');

/** Every text inside the margins and clear of the others on its line, and `whole` readable in full. */
async function laidOut(pdf: Uint8Array, whole: string[], shot: string) {
  if (process.env.SHOTS_DIR) writeFileSync(path.join(process.env.SHOTS_DIR, `${shot}.pdf`), pdf);
  const layout = await placedTexts(pdf);
  expect(misplaced(layout, PAGE.margin)).toEqual([]);
  // Read column by column: a wrapped text's lines, without the amounts beside them.
  const columns = [sideText(layout, 'left', PAGE.margin, 60), sideText(layout, 'right', PAGE.margin, 1)].map(squeezed);
  for (const part of whole)
    expect(
      columns.some((column) => column.includes(squeezed(part))),
      part,
    ).toBe(true);
  // Every word is there.
  expect(squeezed(await pdfText(pdf))).toContain(squeezed('Cleo Chen'));
}

describe('the statement PDF', () => {
  it('keeps the longest course name the database holds in its column, from the portal, in both languages', async () => {
    for (const lang of ['en-US', 'zh-CN']) {
      const res = await family.guardian.caller
        .download('/api/portal/statements/2026-03.pdf')
        .set('Accept-Language', lang)
        .buffer(true)
        .parse(readBinary as never);
      expect(res.status).toBe(200);
      await laidOut(res.body, [STORED], `statement-portal-${lang}`);
    }
  });

  it('wraps a 200-character course name, English or Chinese, and long names, within their columns', async () => {
    const stored = await householdStatement(ctx.prisma, family.c.centre.id, family.household.id, '2026-03');
    for (const [course, words] of [
      [LONG_EN, 'en'],
      [LONG_ZH, 'zh'],
    ]) {
      const statement: Statement = {
        ...stored,
        centre: { ...stored.centre, name: sized('Maple Leaf Tutoring and Learning Centre of North York ', 100) },
        household: { ...stored.household, name: sized('Chen-Whitfield-Okonkwo Family ', 100) },
        children: stored.children.map((child) => ({
          ...child,
          entries: child.entries.map((entry) => (entry.course ? { ...entry, course } : entry)),
        })),
      };
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const pdf = await statementPdf(statement, lang);
        await laidOut(pdf, [course, statement.household.name, statement.centre.name], `statement-${words}-${lang}`);
      }
    }
  });
});
