// Monthly statements of a household (issue 21): per child, the balance at the start of the month, each
// ledger entry of the month in family words and the balance at its end; the household's total. The
// guardian lists the months with activity and downloads each month's statement as a PDF in their
// language; the centre emails it on the 1st to families who asked for it (Household.monthlyStatements).

import { defineEndpoint } from './endpoint';
import { ZMonth } from './payroll';
import { z } from './z';

export const ZStatementMonth = z.object({
  /** 'YYYY-MM' (the centre's local month). */
  month: z.string(),
  /** How many ledger entries of the household's children fall in the month. */
  entries: z.number().int(),
});
export type TStatementMonth = z.infer<typeof ZStatementMonth>;

export const ZStatementMonths = z.object({
  /** Months with at least one ledger entry, newest first. */
  data: z.array(ZStatementMonth),
  success: z.literal(true),
});
export type TStatementMonths = z.infer<typeof ZStatementMonths>;

export const ZStatementParams = z.object({ month: ZMonth });

const base = { right: 'portal:own', tag: 'portal', refusals: [404] } as const; // 404: an account of no household

export const statementEndpoints = {
  months: defineEndpoint({
    ...base,
    method: 'get',
    path: '/portal/statements',
    summary: "The months with activity on the household's children's balances, newest first",
    reply: ZStatementMonths,
  }),
  pdf: defineEndpoint({
    ...base,
    method: 'get',
    path: '/portal/statements/:month.pdf',
    summary: "The household's statement of one month as a PDF, in the reader's language",
    params: ZStatementParams,
  }),
};
