// The offline-capable app (issue 11): update prompt, offline notice, install.
export default {
  'pwa.update.title': '有新版本可用',
  'pwa.update.description': '刷新后即可使用新版本。请先保存正在输入的内容：页面将重新加载。',
  'pwa.update.reload': '刷新',
  'pwa.offline.title': '当前处于离线状态',
  'pwa.offline.description': '已打开的页面仍可查看。更改需要网络连接；课程确认除外，会在网络恢复后发送。',
};
