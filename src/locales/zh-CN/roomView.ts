// 第 23 期：日历和表格视图的校区、教室筛选，以及日历的教室视图。
export default {
  'roomView.filter.location': '校区',
  'roomView.filter.room': '教室',
  'roomView.column.location': '校区',
  'roomView.column.room': '教室',
  'roomView.rooms': '按教室',
  'roomView.rooms.hint': '各教室并排成列（日视图和周视图）',
  'roomView.noRoom': '无教室',
  'roomView.otherRoom': '如需换教室，请通过“编辑”修改课程',
};
