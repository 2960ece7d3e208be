import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as account from './account';
import * as headers from './import-headers';
import * as messages from './messages';
import * as students from './students';
import * as teachers from './teachers';

const src = path.resolve(import.meta.dirname, '..');
const zodFree = ['contracts/messages.ts', 'contracts/import-headers.ts', 'contracts/idempotency.ts'];

/** Every module `file` loads at run time through relative imports (type-only imports load nothing). */
function runtimeGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, spec] of code.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+'([^']+)'/gms)) {
    if (spec === 'zod' || spec.startsWith('zod/')) seen.add('zod');
    if (!spec.startsWith('.') && !spec.startsWith('@/')) continue;
    const base = spec.startsWith('@/') ? path.join(src, spec.slice(2)) : path.resolve(path.dirname(file), spec);
    const found = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => existsSync(f));
    if (found) runtimeGraph(found, seen);
  }
  return seen;
}

describe('modules every first visit loads', () => {
  // The entry script loads the request error handler (formErrors) and the sign-in page its rules:
  // zod and the schemas would add ~95 kB (brotli) to them (issue 6, section 2).
  it.each(['utils/formErrors.ts', 'utils/accountRules.ts'])('%s loads neither zod nor a schema', (file) => {
    const graph = [...runtimeGraph(path.join(src, file))].map((f) => path.relative(src, f));
    expect(graph).not.toContain('zod');
    expect(graph.filter((f) => f.startsWith('contracts/'))).toEqual(['contracts/messages.ts']);
  });

  // A records list loads its forms and import dialog when the user opens them (lazyForm): the list
  // itself reads only zod-free contracts (the import headers), so zod stays out of its first load.
  it.each(['pages/Student/index.tsx', 'pages/Teacher/index.tsx'])('%s loads neither zod nor a schema', (file) => {
    const graph = [...runtimeGraph(path.join(src, file))].map((f) => path.relative(src, f));
    expect(graph).not.toContain('zod');
    expect(graph.filter((f) => f.startsWith('contracts/') && !zodFree.includes(f))).toEqual([]);
  });

  it('the import headers are the ones the contracts export', () => {
    expect(students.STUDENT_IMPORT_HEADERS).toBe(headers.STUDENT_IMPORT_HEADERS);
    expect(teachers.teacherImportHeaders).toBe(headers.teacherImportHeaders);
  });

  it('the contracts still export the same limits and messages', () => {
    expect(account.LOGIN_MIN).toBe(messages.LOGIN_MIN);
    expect(account.EMAIL_MESSAGE).toBe(messages.EMAIL_MESSAGE);
  });
});
