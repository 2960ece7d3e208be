// Chinese texts of make-up bookings (issue 22): the credit's classes and the new lesson in the teacher's time. Keyed by the English text.
export const zhCNMakeUps = {
  'Make-up credit': '补课额度',
  "Choose a planned class of the credit's course": '请选择该额度所属课程中已计划的课程',
  'Choose a class of the same course as the make-up credit': '请选择与补课额度同一科目的课程',
  'Choose a class that starts before the make-up credit expires and after now':
    '请选择在补课额度到期之前且晚于现在开始的课程',
  'The student is already in this class': '该学生已在此课程中',
  'Choose a time that ends after it starts': '请选择结束时间晚于开始时间的时段',
  'The teacher is not available at this time': '老师在此时段不可上课',
} as const;
