// 议题 19：课表的“当前情况”（课程状态、日历图例与事件）。
export default {
  'scheduleNow.state.UPCOMING': '即将开始',
  'scheduleNow.state.AWAITING_CONFIRMATION': '待确认',
  'scheduleNow.state.OVERDUE': '超过一天未确认',
  'scheduleNow.state.COMPLETED': '已完成',
  'scheduleNow.state.CANCELLED': '已取消',
  'scheduleNow.legend': '图例',
  'scheduleNow.legend.teacherColour': '颜色：授课老师',
  'scheduleNow.move': '改到其他时间',
};
