// 在校区和教室安排课程（第 23 期）：课程表单、提醒、课程详情。
export default {
  'places.field.location': '校区',
  'places.field.room': '教室',
  'places.field.room.none': '不指定教室',
  'places.field.address': '地址（在其他地点上课）',
  'places.field.address.help': '仅用于在其他地点上课（学生家中、在线链接）。留空则使用校区地址。',
  'places.field.place': '上课地址',
  'places.room.seats': '{name}（{seats} 个座位）',
  'places.conflict.intro': '老师、学生或教室在此时间已有课程：',
  'places.conflict.room': '教室 {name} 已安排 {course}（{time}）',
  'places.roomCapacity.title': '超出教室容量',
  'places.roomCapacity.saveAnyway': '仍然保存',
  'places.roomCapacity.change': '修改课程',
  'places.saved.tooLittleTravel': '{count} 节课与老师在 {location} 的课程间隔不足 {minutes} 分钟，来不及往返',
  'places.saved.notTheirLocation': '该老师通常不在此校区上课',
};
