// 不会误导的金额页面（issue 19 第 3 节）：手工开票的账期、账本历史、涉及金额的操作确认。
export default {
  'money.periods.title': '周期之外开具（手工）',
  'money.periods.empty': '没有周期之外开具的账单',
  'money.periods.period': '账期',
  'money.periods.invoices': '账单',
  'money.periods.paid': '已支付',
  'money.periods.unpaid': '未支付',
  'money.periods.void': '已作废',
  'money.periods.total': '合计（不含作废）',
  'money.periods.range': '{start} 至 {end}',
  'money.ledger.hours': '{hours} 小时',
  'money.ledger.fromTo': '{from} → {to}',
  'money.ledger.changed': '{reason}：{changes}',
};
