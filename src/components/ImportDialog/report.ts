/** One problem of one row of an import file (row 2 is the first data row under the header). */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/** What the server says about an import file, checked (dry run) or imported. */
export interface ImportReport {
  /** Data rows in the file. */
  total: number;
  /** Rows written (0 on a dry run or a refused file). */
  imported: number;
  errors: ImportRowError[];
}

/**
 * The import report as the dialog shows it: each error once (the same row, column and message
 * reported twice is one error), the number of rows that have errors (not the rows of the file), and
 * how many rows can be imported: all of them when no row has an error, else none (all or nothing).
 */
export function summarise(report: ImportReport) {
  const seen = new Set<string>();
  const errors = report.errors.filter((e) => {
    const key = `${e.row}\u0000${e.field}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  errors.sort((a, b) => a.row - b.row);
  const badRows = new Set(errors.map((e) => e.row)).size;
  return { errors, badRows, ready: errors.length === 0 ? report.total : 0 };
}
