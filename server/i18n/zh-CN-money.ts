// Chinese texts of the refusals about money, billing and messages, keyed by the English text.
export const zhCNMoney = {
  // Vouchers and credit
  'This request key was already used for a different purchase: reload the form and submit again':
    '此请求码已用于另一笔购买：请重新加载表单后再提交',
  'The credit balance cannot go below 0': '余额不能低于 0',
  // Money limits (issue 20, finding 4; src/contracts/messages.ts)
  'The credit balance would be {after}: a credit balance is at most 1,000,000,000.00':
    '余额将变为 {after}：余额最多为 1,000,000,000.00',
  'The voucher balance would be {after}: a voucher balance stays from -1,000,000,000.00 to 1,000,000,000.00':
    '代金券余额将变为 {after}：代金券余额须在 -1,000,000,000.00 至 1,000,000,000.00 之间',
  'This package would cost {amount}: an amount is at most 100,000,000.00':
    '此课时包将花费 {amount}：金额最多为 100,000,000.00',
  'The pay of {month} would total {amount}: a month of pay totals at most 9,999,999,999.99 (check the teacher rates of its classes)':
    '{month} 的工资总额将为 {amount}：一个月的工资总额最多为 9,999,999,999.99（请检查其课程的教师时薪）',
  'The amount must be 0 or more, with at most 2 decimals': '金额必须不小于 0，且最多两位小数',
  'The amount must be more than 0': '金额必须大于 0',
  'the balance is already this amount': '余额已经是这个金额',
  // Platform billing
  'A billing cycle is already active: finish or cancel it first': '已有一个进行中的账单周期：请先完成或取消它',
  'Failed to start billing cycle': '启动账单周期失败',
  'Failed to create invoice': '创建发票失败',
  'Failed to charge invoice': '发票扣款失败',
  '{reason}: {detail}': '{reason}：{detail}',
  'This refund of {amount} is more than the balance of {balance}: the balance would become {after}. Only an admin can confirm it.':
    '退款 {amount} 超过余额 {balance}：余额将变为 {after}。只有管理员可以确认。',
  'Only an admin can refund more than the balance': '只有管理员可以退还超过余额的金额',
  'Must be true or false': '必须为 true 或 false',
  'Invoice date overlapped, please try again!': '发票日期重叠，请重试！',
  'This centre has no saved card': '此机构没有已保存的银行卡',
  'Card payments are not configured on this server (no Stripe keys): invoices can be marked paid by hand':
    '此服务器未配置银行卡支付（没有 Stripe 密钥）：发票可以手动标记为已付款',
  'Card payments (Stripe) failed: {reason}': '银行卡支付（Stripe）失败：{reason}',
  'Card payments (Stripe) gave no Checkout page': '银行卡支付（Stripe）没有返回结账页面',
  'The card was not saved: this Checkout session is not complete (enter the card on the Checkout page first)':
    '银行卡未保存：此结账会话尚未完成（请先在结账页面输入银行卡）',
  'Invalid Stripe signature': 'Stripe 签名无效',
  'Missing Stripe-Signature header': '缺少 Stripe-Signature 请求头',
  'The webhook body must be the raw bytes Stripe sent': 'Webhook 内容必须是 Stripe 发送的原始字节',
  'The due date must be on or after the invoice date': '到期日必须在开票日当天或之后',
  'The end date must be on or after the start date': '结束日期必须在开始日期当天或之后',
  'The period must end on or after its start': '周期必须在开始当天或之后结束',
  'This billing cycle is already running': '此账单周期已在运行',
  'This billing cycle is {status}: it cannot run': '此账单周期{status}：不能运行',
  'This billing cycle is {status}: only an active cycle can be cancelled':
    '此账单周期{status}：只有进行中的周期才能取消',
  active: '进行中',
  running: '运行中',
  completed: '已完成',
  cancelled: '已取消',
  'This invoice is already paid: it cannot be {doing}': '此发票已付款：不能{doing}',
  'This invoice is void: it cannot be {doing}': '此发票已作废：不能{doing}',
  'A card charge of this invoice is in progress: it cannot be {doing} now': '此发票正在银行卡扣款：现在不能{doing}',
  'marked paid': '标记为已付款',
  voided: '作废',
  '{invoice} is void: it cannot be charged': '{invoice} 已作废：不能扣款',
  'organisationId: choose the centre': 'organisationId：请选择机构',
  'Required for the platform: choose the centre': '平台账户必填：请选择机构',
  'Quantity must be a whole number from 0 to {max}': '数量必须是 0 到 {max} 之间的整数',
  'At least one price tier is required': '至少需要一个价格档位',
  'The first price tier must start at 0 students': '第一个价格档位必须从 0 名学生开始',
  'Tiers must start at increasing whole numbers of students': '各档位的起始学生数必须是递增的整数',
  'A price must be 0 or more, with at most 2 decimals': '价格必须不小于 0，且最多两位小数',
  'The minimum charge must be 0 or more, with at most 2 decimals': '最低收费必须不小于 0，且最多两位小数',
  'The credit balance must be 0 or more, with at most 2 decimals': '余额必须不小于 0，且最多两位小数',
  // Email and messages
  'Another template of this centre already has this name': '本机构已有同名的模板',
  'No recipient: nobody in the chosen groups and filters can receive email':
    '没有收件人：所选分组和筛选条件中没有人能接收邮件',
  'The chosen recipient is not in this audience': '所选收件人不在此收件范围内',
  'Only a failed message can be resent': '只有发送失败的消息才能重新发送',
  'The message queue is not running in this process': '消息队列未在此进程中运行',
} as const;
