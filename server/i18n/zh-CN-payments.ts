// Chinese texts of family card payments (issue 21): top-ups and auto top-up, keyed by the English text.
export const zhCNPayments = {
  'This centre does not take card payments online: please pay at the front desk':
    '本中心暂不支持在线刷卡付款：请到前台付款',
  'Save a card for auto top-up first': '请先保存用于自动充值的银行卡',
  'Choose the balance below which to top up': '请选择低于多少余额时自动充值',
  'The card was not saved: finish entering it on the card page first': '银行卡未保存：请先在银行卡页面填写完成',
  'No usual lesson charge is known for this child yet: enter an amount instead':
    '该孩子尚无常规课时费用：请改为填写金额',
  '{count} lessons would cost {amount}: a card top-up is at most {max}':
    '{count} 节课需 {amount}：单次刷卡充值最多 {max}',
  'An amount is at most 10,000.00': '金额最多为 10,000.00',
  'An amount is at least 1.00': '金额至少为 1.00',
  'Choose an amount or a number of lessons, not both': '请选择金额或课时数，不能同时选择',
  'Choose an amount or a number of lessons': '请选择金额或课时数',
  'Must be a whole number from 1 to 50': '必须是 1 到 50 之间的整数',
  'Must be a Stripe Checkout session id (cs_...)': '必须是 Stripe Checkout 会话编号（cs_...）',
} as const;
