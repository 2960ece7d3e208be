// Chinese texts of monthly statements and the family's message texts that go with them (issue 21),
// keyed by the English text.
export const zhCNStatements = {
  'Monthly statement': '月度对账单',
  'Statement of {month}': '{month}对账单',
  Month: '月份',
  'Opening balance': '期初余额',
  'Closing balance': '期末余额',
  'No activity this month': '本月无变动',
  'Household total': '家庭合计',
  Purchase: '购买',
  Gift: '赠送',
  'Lesson charged': '课程扣费',
  'Lesson charge reversed': '课程扣费撤销',
  Refund: '退款',
  Adjustment: '调整',
  '{hours} h × {rate}': '{hours} 小时 × {rate}',
  'lesson price {price}': '课程价格 {price}',
  '{what}: {course}': '{what}：{course}',
  'Amounts are in {currency}. A charge is shown with a minus sign.': '金额单位：{currency}。扣费以负号表示。',
  '{title} {month} from {centre}': '{centre}的{month}{title}',
  'Here is the statement of {month} for the {household} household. The PDF is attached.':
    '附件是{household}家庭{month}的对账单（PDF）。',
  'Balance at the end of {month}: {amount}': '{month}底余额：{amount}',
  'You receive this statement because your family asked for it; you can turn it off in the family portal settings.':
    '您收到此对账单是因为您的家庭选择了接收；可在家长门户的设置中关闭。',
} as const;
