// Chinese texts of booking a class at a location and into a room (issue 23). Keyed by the English text.
export const zhCNPlaces = {
  'Choose an active location of the centre': '请选择本中心启用中的校区',
  'You can book classes at your own sites only': '您只能在自己负责的校区安排课程',
  'Choose an active room of the class’s location': '请选择该课程所在校区中启用的教室',
  '{room} has {seats} seats: the class would need {wanted}': '教室“{room}”只有 {seats} 个座位：本课程需要 {wanted} 个',
} as const;
