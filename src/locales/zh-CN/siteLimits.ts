// 学生列表、学生表单中的校区，以及仪表盘的校区筛选（issue 23）。
export default {
  'sites.location': '校区',
  'sites.allLocations': '全部校区',
  'sites.location.required': '请选择校区',
};
