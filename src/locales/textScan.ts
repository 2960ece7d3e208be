import ts from 'typescript';

/**
 * Source scans for src/locales/locales.test.ts: which locale ids the code uses, and which visible
 * English text bypasses the locale files. A heuristic, not a proof: it reads the places where screen
 * text is written in this code base (JSX text, a few props and object keys, antd's message calls).
 */

/** Props and object keys whose string value is shown to the user. */
const TEXT_KEYS = new Set([
  'title',
  'subTitle',
  'label',
  'placeholder',
  'description',
  'message',
  'tooltip',
  'text',
  'okText',
  'cancelText',
  'submitText',
  'searchText',
  'resetText',
  'emptyText',
  'content',
  'aria-label',
  'alt',
]);
/** `message.error('...')`, `notification.info(...)`, `Modal.confirm(...)`: their strings are shown. */
const TEXT_CALLEES = /^(message|notification|Modal)\.\w+$/;
/** Text that is the same in every language: the product's name and language names in their own tongue. */
export const SAME_IN_EVERY_LANGUAGE = new Set(['Level Up', 'English', '中文', '简体中文']);

export interface Finding {
  line: number;
  text: string;
}

const looksEnglish = (text: string) => /[A-Za-z]{2,}/.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text.trim());
/** A value such as 'ofCourse', 'others' or 'forms.paymentType.CASH' is a code name or a locale id. */
const looksLikeCodeName = (text: string) => /^[a-z][A-Za-z0-9_.-]*$/.test(text);

/** The literal strings an expression shows: 'a', `a`, c ? 'a' : 'b', x ?? 'a', x || 'a'. */
function shownStrings(node: ts.Node | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isParenthesizedExpression(node)) return shownStrings(node.expression);
  if (ts.isConditionalExpression(node)) return [...shownStrings(node.whenTrue), ...shownStrings(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      return shownStrings(node.right);
    }
  }
  return [];
}

/** A text prop, or an enum code ({ CASH: 'Cash' }): a map from codes to labels is screen text too. */
const isTextKey = (name: string | undefined) => !!name && (TEXT_KEYS.has(name) || /^[A-Z][A-Z0-9_]+$/.test(name));

function propName(name: ts.Node): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

/** English text written straight into a .tsx file instead of going through the locale files. */
export function findHardcodedText(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, texts: string[]) => {
    const shown = ts.isJsxText(node) ? texts : texts.filter((text) => !looksLikeCodeName(text));
    for (const text of shown.filter(looksEnglish)) {
      findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, [node.text]);
    else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
      report(node, shownStrings(node.expression));
    else if (ts.isJsxAttribute(node) && TEXT_KEYS.has(node.name.getText())) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) report(node, [value.text]);
      else if (value && ts.isJsxExpression(value)) report(node, shownStrings(value.expression));
    } else if (ts.isPropertyAssignment(node) && isTextKey(propName(node.name))) {
      report(node, shownStrings(node.initializer));
    } else if (ts.isCallExpression(node) && TEXT_CALLEES.test(node.expression.getText())) {
      report(node, node.arguments.flatMap(shownStrings));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

/**
 * Locale ids written as whole string literals ('pages.login.submit', id="menu.staff"): any literal
 * made of an id's characters whose first segment is one of `namespaces`. Ids built at run time
 * (`request.code.${status}`) are not seen; the test lists those families by hand.
 */
export function findLocaleIds(fileName: string, source: string, namespaces: readonly string[]): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const ids = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const id = node.text;
      if (/^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(id) && namespaces.includes(id.split('.')[0])) ids.add(id);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...ids];
}

/** `{name}` placeholders of an ICU message, sorted, to compare the two languages. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
}
