// Chinese texts of the locations and rooms contracts (issue 23). Keyed by the English text.
export const zhCNLocationsCore = {
  'Active is true or false': '启用状态须为 true 或 false',
  'Seats is a whole number': '座位数须为整数',
  'At most 500 seats': '最多 500 个座位',
  'Travel time is a whole number of minutes': '路程时间须为整数分钟',
  'At least 0 minutes': '至少 0 分钟',
  'At most 240 minutes': '最多 240 分钟',
  'At most 100 locations': '最多 100 个校区',
} as const;
