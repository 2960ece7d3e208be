// Stripe webhook refusals and account notices of issue 37 (findings 5 and 6).
export const zhCNWebhooks = {
  'The webhook body is not JSON': 'Webhook 内容不是 JSON',
  'The webhook body is not a Stripe event': 'Webhook 内容不是 Stripe 事件',
  'This registration link is not valid or has expired: register again': '此注册链接无效或已过期：请重新注册',
  'The registration link is not complete: open it again from the email': '注册链接不完整：请从邮件中重新打开',
  'Too many registration links that did not work from this address.': '此地址无效的注册链接过多。',
} as const;
