// Chinese texts of the reports by location and room occupancy (issue 23). Keyed by the English text.
export const zhCNLocationReports = {
  'No such location in this centre': '本中心没有此校区',
  'Open hours per week is a whole number from 1 to 168': '每周开放小时数须为 1 到 168 之间的整数',
} as const;
