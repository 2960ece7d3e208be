// Chinese texts of issue 37, finding 7 (a number out of range, server/http/error-handler.ts), keyed by
// the English text.
export const zhCNCatchUp = {
  'A number is out of range: an amount or a sum of amounts is too large to store (probably a rate or amount saved before the money limits). Nothing was saved.':
    '数字超出范围：某个金额或金额合计太大，无法保存（可能是金额上限实行之前保存的费率或金额）。未保存任何内容。',
  'A number is out of range for {column}: an amount or a sum of amounts is too large to store (probably a rate or amount saved before the money limits). Nothing was saved.':
    '{column} 的数字超出范围：某个金额或金额合计太大，无法保存（可能是金额上限实行之前保存的费率或金额）。未保存任何内容。',
} as const;
