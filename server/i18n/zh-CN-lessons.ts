// Chinese texts of lesson policies: the policy, cancellations, no-shows, make-up credits (issue 22). Keyed by the English text.
export const zhCNLessons = {
  'Choose a class, or a teacher with a start and an end, not both':
    '请选择一节课，或选择老师及开始和结束时间，二者只能选其一',
  'Required: choose a class, or a teacher with a start and an end': '必填：请选择一节课，或选择老师及开始和结束时间',
  'Who cancels is FAMILY, CENTRE or TEACHER': '取消方为 FAMILY（家庭）、CENTRE（中心）或 TEACHER（老师）',
  'Who cancels the class is CENTRE or TEACHER': '取消课程的一方为 CENTRE（中心）或 TEACHER（老师）',
  'Must be a whole number from {min} to {max}': '须为 {min} 到 {max} 之间的整数',
  'The consequence of cancelling changed since it was shown (the notice window passed or the policy changed): check it and confirm again':
    '取消的后果在显示后已发生变化（已过通知时限或政策已更改）：请查看后再次确认',
  "Choose one of the student's make-up credits": '请选择该学生的补课额度',
  'This make-up credit was used or has expired': '此补课额度已使用或已过期',
  // The consequence of a cancellation, shown before confirming (lesson-texts.ts).
  'Cancelling for the centre': '由中心取消',
  "Cancelling for the teacher's absence": '因老师缺席而取消',
  'Cancelling now (less than {hours} hours before)': '现在取消（距上课不足 {hours} 小时）',
  'Cancelling now (at least {hours} hours before)': '现在取消（距上课至少 {hours} 小时）',
  'charges {amount}': '将收取 {amount}',
  'counts as a lesson taken': '按已上课计',
  'costs nothing': '不收取费用',
  'gives the make-up credit back': '退还补课额度',
  'gives a make-up lesson': '获得一次补课',
  "gives no make-up lesson (this term's {quota} make-up lessons are used)":
    '不获得补课（本学期的 {quota} 次补课额度已用完）',
  'uses up the make-up credit it was booked with': '用掉预约该课时使用的补课额度',
  'gives no make-up lesson': '不获得补课',
  '{lead} {cost} and {credit}.': '{lead}：{cost}，并且{credit}。',
  // The family's confirmation message.
  "{student}'s {course} lesson on {when} is cancelled.": '{student} 在 {when} 的{course}课程已取消。',
  'Lesson cancelled: {student}, {when}': '课程已取消：{student}，{when}',
  'Hello, this is {centre}.': '您好，这里是{centre}。',
  'Questions? Reply to this email or call the centre.': '如有疑问，请回复此邮件或致电中心。',
  // Refusals of lesson events.
  'This lesson was cancelled already': '此课程已取消',
  'Only a lesson of a planned class can be cancelled': '只能取消尚未上课（计划中）的课程',
  'This lesson is not cancelled': '此课程未被取消',
  'Only a lesson of a planned class can be restored (this class was taught and confirmed)':
    '只能恢复计划中的课程（此课程已上课并确认）',
  'The make-up credit this cancellation earned was used: undo the make-up booking first':
    '此取消获得的补课额度已被使用：请先取消补课预约',
  'The make-up credit of this lesson was used for another lesson: the cancellation cannot be undone':
    '此课程的补课额度已用于另一节课：无法撤销取消',
  'The student is not on this class': '该学生不在此课程中',
  'The cancellation is undone: the lesson is on again.': '已撤销取消：课程恢复照常进行。',
} as const;
