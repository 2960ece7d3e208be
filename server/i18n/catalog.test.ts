import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as messages from '../../src/contracts/messages';
import { catalogText } from './text';
import { zhCN } from './zh-CN';

const root = path.resolve(import.meta.dirname, '../..');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string, ends: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ends.test(e.name) && !e.name.includes('.test.'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
}

/** Whether a contract's message (a template literal's `${...}` parts match anything) has a catalog text. */
function inCatalog(literal: string): boolean {
  if (!literal.includes('${')) return catalogText(literal) !== undefined;
  const parts = literal.split(/\$\{[^}]*\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`^${parts.join('.+')}$`);
  return Object.keys(zhCN).some((key) => pattern.test(key));
}

describe('the catalog of server texts', () => {
  it('gives every English text a Chinese text with the same placeholders', () => {
    const missing = Object.entries(zhCN).filter(([english, chinese]) => {
      const words = english.replace(/\{\w+\}/g, '').match(/[A-Za-z]{2,}/);
      const isChinese = /[\u4e00-\u9fff]/.test(chinese);
      return !chinese.trim() || (words && !isChinese) || placeholders(english).join() !== placeholders(chinese).join();
    });
    expect(missing).toEqual([]);
  });

  it('has every rule message of src/contracts/messages.ts and every *_MESSAGE of the contracts', async () => {
    const constants: [string, unknown][] = Object.entries(messages).filter(([, value]) => typeof value === 'string');
    for (const file of sourceFiles(path.join(root, 'src/contracts'), /\.ts$/)) {
      const module = (await import(file)) as Record<string, unknown>;
      constants.push(...Object.entries(module).filter(([name, v]) => /_MESSAGE$/.test(name) && typeof v === 'string'));
    }
    expect(constants.length).toBeGreaterThan(40);
    expect(constants.filter(([, value]) => catalogText(value as string) === undefined)).toEqual([]);
  }, 30_000); // imports every contract module

  it("has the contracts' inline zod messages", () => {
    // A message as an argument (same line), or alone on its line inside a call spread over lines.
    const inCall =
      /(?:message:\s*|\.(?:refine|min|max|regex|email|length|int|uuid|enum|number|string|boolean|array|url|nonnegative|positive|multipleOf|gte|lte|literal)\([^'`\n]*?|(?:issue|fail)\([^'`\n]*?)(['`])([A-Z][^'`\n]* [^'`\n]*)\1/g;
    const alone = /\.(?:refine|regex)\([^\n]*\n(?:[^\n]*\n)?\s+(['`])([A-Z][^'`\n]* [^'`\n]*)\1,?\n/g;
    const found: string[] = [];
    for (const file of sourceFiles(path.join(root, 'src/contracts'), /\.ts$/)) {
      const source = readFileSync(file, 'utf8');
      for (const match of [...source.matchAll(inCall), ...source.matchAll(alone)]) found.push(match[2]);
    }
    expect(found.length).toBeGreaterThan(50);
    expect(found.filter((text) => !inCatalog(text))).toEqual([]);
  });

  it('refuses with catalog texts only: no template literal as the message of an AppError or fieldError', () => {
    // TypeScript checks the literals (the message is typed as a catalog key); a template literal would
    // be a string and not compile either, but the worker files (.mts) are not type-checked as such.
    const offenders: string[] = [];
    for (const file of sourceFiles(path.join(root, 'server'), /\.m?ts$/)) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/new AppError\(\s*[^,]+,\s*`|fieldError\(\s*[^,]+,\s*`/g)) {
        offenders.push(`${path.relative(root, file)}: ${m[0]}`);
      }
      for (const m of source.matchAll(/new Refusal\(\{\s*text: '([^']+)'/g)) {
        if (catalogText(m[1]) === undefined) offenders.push(`${path.relative(root, file)}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
