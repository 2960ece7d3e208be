import type { TStatementMonths } from '@/contracts/statements';
import { downloadFile } from '@/utils/download';
import { call } from './http';

// The family portal's monthly statements (issue 21): the months with activity and each month's PDF.
export const statementMonths = () => call<TStatementMonths>('/api/portal/statements');
export const downloadStatement = (month: string) =>
  downloadFile(`/api/portal/statements/${month}.pdf`, {}, `statement-${month}.pdf`);
