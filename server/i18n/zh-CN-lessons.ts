// Chinese texts of lesson policies: the policy, cancellations, no-shows, make-up credits (issue 22). Keyed by the English text.
export const zhCNLessons = {
  "Choose one of the student's make-up credits": '请选择该学生的补课额度',
  'This make-up credit was used or has expired': '此补课额度已使用或已过期',
} as const;
