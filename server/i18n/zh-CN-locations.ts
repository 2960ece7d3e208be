// Chinese texts of locations, rooms and who works where (issue 23). Keyed by the English text.
export const zhCNLocations = {
  Location: '校区',
  Room: '教室',
  'A location of this name exists already': '已有同名校区',
  'A room of this name exists at this location already': '该校区已有同名教室',
  'This location is inactive: choose an active one': '该校区已停用：请选择启用中的校区',
  'Choose active locations of this centre': '请选择本中心启用中的校区',
  'Choose locations of this centre': '请选择本中心的校区',
  'Admins see every location': '管理员可查看所有校区',
  'At least 1 seat': '至少 1 个座位',
  'No active location of this centre has this name': '本中心没有这个名称的启用中校区',
} as const;
