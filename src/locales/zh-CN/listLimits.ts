// 第 24 号问题：总数只数到上限的列表，以及课程太多、无法在日历中显示的日期范围。
export default {
  'listLimits.range': '第 {from}-{to} 条，共超过 {count} 条',
  'listLimits.moreThan': '超过 {count}',
  'listLimits.calendar.tooMany':
    '课程太多，无法显示：这些日期内共有 {total} 节课（日历最多显示 {limit} 节）。请按老师、校区或教室筛选，或打开单独一天。',
  'listLimits.calendar.busiestTeachers': '课程最多的老师：',
  'listLimits.calendar.busiestLocations': '课程最多的校区：',
  'listLimits.calendar.pick': '{name}（{count}）',
  'listLimits.calendar.dayCount': '{count} 节课',
  'listLimits.calendar.dayCountHint': '{count} 节课：打开这一天',
};
