// Chinese texts of inbound SMS (issue 21), keyed by the English text.
export const zhCNSms = {
  'Inbound SMS is not configured on this server': '此服务器未配置短信接收',
  'The Twilio signature of this request is missing or wrong': '此请求缺少 Twilio 签名或签名错误',
} as const;
