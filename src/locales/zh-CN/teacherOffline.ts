// Teacher confirmation offline (issue 11): kept classes and queued confirmations.
export default {
  'teacherOffline.offlineNote': '离线 — 显示 {when} 保存的课程',
  'teacherOffline.offlineHint': '现在确认的课程会保存在本机，网络恢复后自动发送。',
  'teacherOffline.queued': '没有网络：确认已保存在本机，恢复联网后发送',
  'teacherOffline.waiting': '等待发送',
  'teacherOffline.waitingHint': '已于 {when} 在本机确认；网络恢复后发送。',
  'teacherOffline.refusedTitle': '您的确认未被采用',
  'teacherOffline.refusedClass': '未采用：{course}，{when}',
  'teacherOffline.refused.changed': '您查看之后，中心修改了这节课（时间、学生或状态）。请核对后重新确认。',
  'teacherOffline.refused.confirmed': '这节课已被确认过（由中心或在其他设备上）。',
  'teacherOffline.refused.cancelled': '您的确认送达前，这节课已被取消。',
  'teacherOffline.refused.notStarted': '您的确认送达时，这节课尚未开始。',
  'teacherOffline.refused.other': '确认被拒绝（错误 {status}）。',
  'teacherOffline.dismiss': '知道了',
};
