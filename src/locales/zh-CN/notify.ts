// notify texts (zh-CN): telling the teacher and the families about a moved, changed or cancelled
// class, and saying who was told (issue 19).
export default {
  'notify.legend': '通知相关人员',
  'notify.teacher': '通知老师',
  'notify.families': '通知家长',
  'notify.hint': '按各人的设置通过电子邮件和短信发送。',
  'notify.moveTitle': '移动这节课？',
  'notify.moveTo': '新时间：{time}',
  'notify.cancelOne': '取消课程',
  'notify.cancelMany': '取消 {count} 节课',
  'notify.keep': '保留',
  'notify.told.teacherFamilies': '已通知老师和 {families} 个家庭。',
  'notify.told.teachersFamilies': '已通知 {teachers} 位老师和 {families} 个家庭。',
  'notify.told.teacher': '已通知老师。',
  'notify.told.teachers': '已通知 {teachers} 位老师。',
  'notify.told.families': '已通知 {families} 个家庭。',
  'notify.told.nobody': '未通知任何人。',
};
