// Chinese texts of substitutes, reminder replies and lesson-policy reports (issue 22). Keyed by the English text.
export const zhCNCover = {
  'A range is at most 186 days': '范围最多为 186 天',
  'The last day is on or after the first': '最后一天须在第一天当天或之后',
  'The substitute is another teacher than the one whose classes are covered': '代课老师须为被代课老师以外的老师',
  'Only a planned class gets a substitute': '只有计划中的课程可以安排代课',
  'This teacher teaches the class already': '该老师已在教这节课',
  'At most 500 classes at once: choose a shorter range': '一次最多 500 节课：请选择较短的范围',
  'Choose a teacher of this centre': '请选择本中心的老师',
  'A report covers at most 366 days': '报表最多涵盖 366 天',
  'The last day must not be before the first': '最后一天不能早于第一天',
} as const;
