// Chinese texts of a family's data export and erasure requests (issue 21), keyed by the English text.
export const zhCNPrivacy = {
  'Erasure request': '数据删除申请',
  'Too many downloads of your data.': '下载数据的次数过多。',
  'Your household has already asked for erasure: the centre is handling it': '您的家庭已提交删除申请，中心正在处理',
  'Your household has no erasure request waiting': '您的家庭没有待处理的删除申请',
  'This erasure request was completed already': '此删除申请已处理完成',
  'This erasure request was withdrawn by the family': '此删除申请已被家庭撤回',
} as const;
