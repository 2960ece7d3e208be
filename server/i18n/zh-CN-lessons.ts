// Chinese texts of lesson policies: the policy, cancellations, no-shows, make-up credits (issue 22). Keyed by the English text.
export const zhCNLessons = {
  'Who cancels is FAMILY, CENTRE or TEACHER': '取消方为 FAMILY（家庭）、CENTRE（中心）或 TEACHER（老师）',
  'Who cancels the class is CENTRE or TEACHER': '取消课程的一方为 CENTRE（中心）或 TEACHER（老师）',
  'Must be a whole number from {min} to {max}': '须为 {min} 到 {max} 之间的整数',
  'The consequence of cancelling changed since it was shown (the notice window passed or the policy changed): check it and confirm again':
    '取消的后果在显示后已发生变化（已过通知时限或政策已更改）：请查看后再次确认',
  "Choose one of the student's make-up credits": '请选择该学生的补课额度',
  'This make-up credit was used or has expired': '此补课额度已使用或已过期',
} as const;
