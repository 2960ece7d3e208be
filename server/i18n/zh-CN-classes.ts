// Chinese texts of the refusals about classes, feedback and payroll, keyed by the English text.
export const zhCNClasses = {
  'A cancelled class cannot be changed': '已取消的课程不能修改',
  'A cancelled class cannot be confirmed': '已取消的课程不能确认',
  'A cancelled class takes no attendance': '已取消的课程不记录考勤',
  'A class cannot have started in the future': '课程开始时间不能在将来',
  "A completed class records every student's attendance": '已完成的课程需记录每名学生的考勤',
  'A series makes at most {max} classes: end it sooner': '一个系列最多 {max} 节课：请提前结束',
  'Only a completed class can be reopened': '只有已完成的课程才能重新打开',
  'Only a planned class can be cancelled: this one was taught and confirmed (reopen it first)':
    '只有待上课程才能取消：这节课已上过并确认（请先重新打开）',
  'This class was cancelled already': '这节课已被取消',
  'This class was confirmed already': '这节课已被确认',
  'This class has not started yet: confirm it once it has started': '这节课还没有开始：开始后再确认',
  'This class was changed after you saw it (times, students or status): check it and confirm again':
    '您查看后这节课已被修改（时间、学生或状态）：请检查后重新确认',
  'This confirmation key was already used for another class': '此确认码已用于另一节课',
  'Student {studentId} is not in class {id}': '学生 {studentId} 不在课程 {id} 中',
  "The repetition ends on or after the first class's day": '重复必须在第一节课当天或之后结束',
  'The teacher times do not fit the shorter classes of the series': '教师时间不适合该系列中较短的课程',
  'This calendar was not found': '未找到此日历',
  'This student is listed twice': '该学生被列出了两次',
  // Closures and notices (class changes)
  'The last day is on or after the first day': '最后一天必须在第一天当天或之后',
  'A closure is at most {days} days': '停课最多 {days} 天',
  'Notify the teacher is true or false': '“通知教师”须为是或否',
  'Notify the families is true or false': '“通知家庭”须为是或否',
  'Every class of this series falls on a closure of the centre': '该系列的每节课都落在中心的停课日',
  'This student is not in the class': '该学生不在这节课中',
  '{name} is inactive: activate the student first': '{name} 已停用：请先启用该学生',
  // Feedback
  'Feedback can be submitted only for a completed class: confirm it first':
    '只有已完成的课程才能提交反馈：请先确认课程',
  'This feedback was submitted and can no longer be changed': '此反馈已提交，不能再修改',
  'Only a class whose feedback emails failed can be retried': '只有反馈邮件发送失败的课程才能重试',
  'Write the teaching content before submitting': '提交前请填写教学内容',
  '{reason} (submitted {at} UTC)': '{reason}（提交于 UTC {at}）',
  '{reason} (this one is {status})': '{reason}（当前状态为 {status}）',
  // Payroll
  'A pay period is being closed right now: try again in a moment': '正在结算一个工资周期：请稍后重试',
  'This class belongs to the closed pay period {month}: only an admin can change it':
    '这节课属于已结算的工资周期 {month}：只有管理员才能修改',
  '{month} has not begun yet: pick a month up to the current one': '{month} 尚未开始：请选择当前月份或更早的月份',
  '{month} is not over yet (it ends on {endDate}, {zone}): a month closes once it has ended':
    '{month} 尚未结束（结束于 {endDate}，{zone}）：月份结束后才能结算',
  '{month} was already closed on {date}: a pay period closes once':
    '{month} 已于 {date} 结算：每个工资周期只能结算一次',
  '{month} was already closed: a pay period closes once': '{month} 已结算：每个工资周期只能结算一次',
  '1 issue blocks a clean close of {month}: review it, or close with acknowledgeBlockers: true':
    '有 1 个问题妨碍 {month} 的结算：请检查，或使用 acknowledgeBlockers: true 结算',
  '{count} issues block a clean close of {month}: review them, or close with acknowledgeBlockers: true':
    '有 {count} 个问题妨碍 {month} 的结算：请检查，或使用 acknowledgeBlockers: true 结算',
  '- {blocker}': '- {blocker}',
  '- and {count} more': '- 以及其他 {count} 个',
  'No such student in this centre': '本机构没有此学生',
  'No such teacher in this centre': '本机构没有此教师',
} as const;
