// Chinese texts of family message volume (issue 37, finding 14): channel choices per kind of message
// and a household's lesson changes sent as one message. Keyed by the English text.
export const zhCNMessageVolume = {
  'Each kind of message at most once': '每种消息最多出现一次',
  'This kind of message is sent by email only': '此类消息仅通过电子邮件发送',
  // A household's lesson changes in one message (notices/jobs/lesson-change-texts.ts).
  'Lesson changes: {children}': '课程变动：{children}',
  "Hello, this is {centre}. Your family's lessons have changed:": '您好，这里是{centre}。您家的课程有以下变动：',
  '{student}, {course}, {when}: moved to {to}': '{student}，{course}，{when}：改到 {to}',
  '{student}, {course}, {when}: now at {place}': '{student}，{course}，{when}：地点改为 {place}',
  '{student}, {course}, {when}: cancelled': '{student}，{course}，{when}：已取消',
  '{student}, {course}, {when}: cancelled. {consequence}': '{student}，{course}，{when}：已取消。{consequence}',
  '{centre}: {count} lesson changes:': '{centre}：{count} 项课程变动：',
  'and {count} more': '另有 {count} 项',
} as const;
