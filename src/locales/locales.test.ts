import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import routes, { type AppRoute } from '../../config/routes';
import { CODE_MESSAGE_STATUSES } from '../utils/requestError';
import enUS from './en-US';
import { findHardcodedText, findLocaleIds, placeholders, SAME_IN_EVERY_LANGUAGE } from './textScan';
import zhCN from './zh-CN';

// Everything visible is translated (CODE_STYLE): this file fails on a key missing in either
// language, an id the code uses that no locale file has, or English typed straight into a screen.
const en: Record<string, string> = enUS;
const zh: Record<string, string> = zhCN;
const src = path.resolve(import.meta.dirname, '..');
const namespaces = [...new Set(Object.keys(en).map((id) => id.split('.')[0]))];

/** Source files under `dir`, without tests and Umi's generated folders. */
function sourceFiles(dir: string, extensions = ['.ts', '.tsx']): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.umi') ? [] : sourceFiles(full, extensions);
    const code = extensions.some((ext) => entry.name.endsWith(ext)) && !/\.test\.tsx?$/.test(entry.name);
    return code ? [full] : [];
  });
}

/** `menu.<parent>.<name>`, the ids the layout asks for (see config/routes.ts). */
function menuIds(list: AppRoute[], parents: string[] = []): string[] {
  return list.flatMap((route) => {
    const names = route.name ? [...parents, route.name] : parents;
    return [...(route.name ? [`menu.${names.join('.')}`] : []), ...menuIds(route.routes ?? [], names)];
  });
}

describe('locale files', () => {
  it('en-US and zh-CN have exactly the same keys', () => {
    const onlyEnglish = Object.keys(en).filter((id) => !(id in zh));
    const onlyChinese = Object.keys(zh).filter((id) => !(id in en));
    expect({ onlyEnglish, onlyChinese }).toEqual({ onlyEnglish: [], onlyChinese: [] });
  });

  it('keeps the same {placeholders} in both languages', () => {
    const differ = Object.keys(en).filter((id) => id in zh && `${placeholders(en[id])}` !== `${placeholders(zh[id])}`);
    expect(differ).toEqual([]);
  });

  it('translates zh-CN instead of copying the English text', () => {
    const copied = Object.keys(en).filter(
      (id) => zh[id] === en[id] && /[A-Za-z]{2,}/.test(en[id]) && !SAME_IN_EVERY_LANGUAGE.has(en[id]),
    );
    expect(copied).toEqual([]);
  });
});

describe('locale ids used by the code', () => {
  const used = new Map<string, string>(); // id -> first file using it
  for (const file of sourceFiles(src).filter((f) => !f.startsWith(path.join(src, 'locales')))) {
    for (const id of findLocaleIds(file, readFileSync(file, 'utf8'), namespaces)) {
      if (!used.has(id)) used.set(id, path.relative(src, file));
    }
  }
  for (const id of menuIds(routes)) used.set(id, 'config/routes.ts');
  for (const status of CODE_MESSAGE_STATUSES) used.set(`request.code.${status}`, 'utils/requestError.ts');

  it('finds the ids (the scan itself works)', () => {
    expect(used.get('pages.login.submit')).toBe('pages/User/Login/index.tsx');
    expect(used.get('menu.student.all-student')).toBe('config/routes.ts');
  });

  it('has every id the code uses in both languages', () => {
    const missing = [...used].filter(([id]) => !(id in en) || !(id in zh)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });
});

describe('screens', () => {
  it('the heuristic catches a hard-coded label and lets translated text through', () => {
    const sample = `export const A = () => (
      <Card title="Students" extra={<Button>{t('common.new')}</Button>}>
        <Button>Save</Button> <Tag>{active ? 'Active' : t('common.inactive')}</Tag>
        {intl.formatMessage({ id: 'pages.login.submit' })} <img alt="" /> Level Up
      </Card>);
      const columns = [{ title: 'Course', dataIndex: 'course' }, { title: t('common.status') }];
      message.success('Saved');
      const groups = [{ label: t('forms.teacher.ofCourse'), title: 'ofCourse' }];
      const paymentTypes = { CASH: 'Cash', CARD: t('lists.paymentType.CARD') };`;
    expect(findHardcodedText('sample.tsx', sample).map((f) => f.text)).toEqual([
      'Students',
      'Save',
      'Active',
      'Course',
      'Saved',
      'Cash',
    ]);
  });

  it('show no English text that bypasses the locale files (src/pages, src/components)', () => {
    const files = [...sourceFiles(path.join(src, 'pages')), ...sourceFiles(path.join(src, 'components'))];
    const found = files.flatMap((file) =>
      findHardcodedText(file, readFileSync(file, 'utf8')).map(
        ({ line, text }) => `${path.relative(src, file)}:${line} ${JSON.stringify(text)}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
