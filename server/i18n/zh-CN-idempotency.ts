// Chinese texts of the Idempotency-Key refusals (server/http/idempotency.ts), keyed by the English text.
export const zhCNIdempotency = {
  'Must be a UUID, made once per form and sent again on every retry of it':
    '必须是 UUID：每个表单生成一次，每次重试时原样发送',
  'This Idempotency-Key was already used for another request: a key belongs to one request (same address and body), make a new key for new input':
    '此 Idempotency-Key 已用于另一个请求：一个键只属于一个请求（相同的地址和内容），新的输入请使用新的键',
  'The request with this Idempotency-Key is still being processed: try again in a moment (if this lasts, reload to see whether it was saved)':
    '使用此 Idempotency-Key 的请求仍在处理中：请稍后重试（如果持续出现，请刷新页面查看是否已保存）',
} as const;
