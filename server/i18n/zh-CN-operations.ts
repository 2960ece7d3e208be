// Chinese texts of running in production (issue 24): load shedding, draining, readiness. Keyed by the English text.
export const zhCNOperations = {
  'The server is busy: try again in a moment': '服务器繁忙：请稍后再试',
  'This server is restarting: try again in a moment': '此服务器正在重启：请稍后再试',
  'Not ready: {reasons}': '未就绪：{reasons}',
  'shutting down': '正在关闭',
  'the database cannot be reached': '无法连接数据库',
  '{count} migrations not applied yet': '尚有 {count} 个数据库迁移未执行',
} as const;
