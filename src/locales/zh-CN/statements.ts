// 家长门户的月度对账单（issue 21）。
export default {
  'statements.title': '月度对账单',
  'statements.help': '您家庭每个月的对账单（PDF）：月初和月底的余额及每一笔记录。',
  'statements.empty': '暂无对账单',
  'statements.entries': '{count} 笔记录',
  'statements.download': '下载 PDF',
  'statements.download.label': '下载 PDF：{month}对账单',
  'statements.setting': '每月通过邮件接收对账单',
  'statements.setting.help': '每月 1 日发送上个月的对账单（PDF）。',
  'statements.household': '每月通过邮件向监护人发送对账单',
  'statements.household.on': '月度对账单：每月 1 日发送邮件',
  'statements.household.off': '月度对账单：不发送邮件',
};
