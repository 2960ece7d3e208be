// Stripe webhook refusals and account notices of issue 37 (findings 5 and 6).
export const zhCNWebhooks = {
  'The webhook body is not JSON': 'Webhook 内容不是 JSON',
  'The webhook body is not a Stripe event': 'Webhook 内容不是 Stripe 事件',
} as const;
