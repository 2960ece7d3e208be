// Names and details people read (issue 19, section 5).
export default {
  'names.term.name': '名称',
  'names.term.name.placeholder': '例如：九年级数学，2026 秋季',
  'names.term.column': '学期',
  'names.list.noMatch': '没有符合此搜索或筛选条件的记录',
  'names.availability.showCalendar': '显示此日历',
};
