import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

/** Every .ts/.tsx under src (not Umi's generated folders). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.umi') ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

describe('ProField value types stubbed for the first load', () => {
  // .umirc.ts aliases these ProField components to config/stubs/pro-field-unused.ts, and StepsForm to
  // config/stubs/steps-form.ts, which throw:
  // a screen using one must first remove its alias (issue 6, section 2: list page first load).
  it("no screen uses the cascader, color, image, progress, rate, slider or treeSelect value types, nor ProForm's StepsForm", () => {
    const stubbed =
      /valueType[=:]\s*\{?\s*['"](cascader|color|image|progress|rate|slider|treeSelect)['"]|ProForm(Cascader|ColorPicker|Slider|Rate|TreeSelect)\b|\bStepsForm\b/;
    const users = sources(src).filter((file) => stubbed.test(readFileSync(file, 'utf8')));
    expect(users.map((file) => path.relative(src, file))).toEqual([]);
  });
});
