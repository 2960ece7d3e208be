import { STUDENT_IMPORT_HEADERS, teacherImportHeaders } from '../../src/contracts/import-headers';

// Import files of the largest size an import takes (MAX_IMPORT_ROWS rows, every column filled, all
// rows valid unless a test changes them), for the API tests and the bench.

const csvOf = (header: readonly string[], rows: string[][]) =>
  [header, ...rows]
    .map((cells) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(','))
    .join('\n');

/** `count` valid student rows, ids `${prefix}1`…; every column of the template is filled. */
export function studentRows(count: number, prefix = 'IMP'): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `${prefix}${i + 1}`,
    `First${i}`,
    `Last${i}`,
    `student${i}@example.test`,
    '+1 416 555 0100',
    `wechat_${i}`,
    '2026-09-01',
    '45.50',
    'Yes',
    'No',
    '',
    'Yes',
    `Imported with the September intake, row ${i + 1}: prefers afternoons, sister in the same group.`,
  ]);
}

export const studentImportCsv = (rows: string[][]) => csvOf(STUDENT_IMPORT_HEADERS, rows);

/** `count` valid teacher rows, logins `${prefix}1`…; every column but SIN and Courses filled. */
export function teacherRows(count: number, prefix = 'imp.t'): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `${prefix}${i + 1}`,
    `${prefix}${i + 1}@example.test`,
    `Tea${i}`,
    `Cher${i}`,
    `T${i}`,
    `${prefix.toUpperCase()}-${i + 1}`,
    '+1 416 555 0100',
    '40.00',
    '',
    '#3366ff',
    '',
    'Yes',
  ]);
}

export const teacherImportCsv = (rows: string[][]) => csvOf(teacherImportHeaders, rows);
