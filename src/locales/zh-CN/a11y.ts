// 无障碍（issue 19）：只有读屏软件或键盘用户会遇到的文字。
export default {
  'a11y.skipToContent': '跳到主要内容',
  'a11y.selectRow': '选择 {name}',
  'a11y.selectAllRows': '选择本页所有行',
  'a11y.menu': '主菜单',
  'a11y.notifications': '通知，{count} 条未读',
};
