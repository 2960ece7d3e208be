// Chinese texts of households and guardians (issue 21), keyed by the English text.
export const zhCNFamilies = {
  Household: '家庭',
  Guardian: '监护人',
  'Name the household (the family name)': '请填写家庭名称（姓氏）',
  "Enter the guardian's name": '请填写监护人姓名',
  'Enter an email or a phone number to reach this guardian': '请填写监护人的电子邮箱或电话号码',
  'SMS needs a phone number': '短信需要电话号码',
  'A household cannot be merged into itself': '家庭不能合并到自身',
  'This student is already in this household': '该学生已在此家庭中',
  'This student already has a household': '该学生已有家庭',
  // Portal invitations (desk side)
  'This guardian already signs in to the portal': '该监护人已可登录家长门户',
  'This guardian has no email: add one, or invite by SMS': '该监护人没有电子邮箱：请先填写，或改用短信邀请',
  'This guardian has no phone number: add one, or invite by email': '该监护人没有电话号码：请先填写，或改用邮件邀请',
  'This guardian has not agreed to SMS: record their consent, or invite by email':
    '该监护人未同意接收短信：请先记录其同意，或改用邮件邀请',
  "This guardian's phone number cannot receive a code: correct it": '该监护人的电话号码无法接收验证码：请更正',
  'Too many invitations sent to this guardian.': '向该监护人发送的邀请过多。',
  'This guardian has no invitation waiting': '该监护人没有待接受的邀请',
  'This guardian does not sign in to the portal': '该监护人没有家长门户账号',
  // Accepting an invitation (public)
  'This invitation link is not valid: ask the centre for a new one': '此邀请链接无效：请向中心索取新的邀请',
  'This invitation was accepted already: sign in instead': '此邀请已被接受：请直接登录',
  'This invitation was withdrawn: ask the centre for a new one': '此邀请已被撤回：请向中心索取新的邀请',
  'This invitation has expired: ask the centre for a new one': '此邀请已过期：请向中心索取新的邀请',
  'This code is not right or no longer works: check the SMS, or ask the centre for a new one':
    '邀请码不正确或已失效：请核对短信，或向中心索取新的邀请',
  'Choose a login name for your account': '请为您的账号设置登录名',
  'Enter an email for your account (for password resets)': '请填写账号的电子邮箱（用于重置密码）',
  'The invitation link is not complete: open it again from the email': '邀请链接不完整：请从邮件中重新打开',
  'Open the link in your invitation email, or enter your phone number and the code':
    '请打开邀请邮件中的链接，或填写您的手机号和邀请码',
  'The invitation code has 6 digits': '邀请码为 6 位数字',
  'This account belongs to no household': '此账号不属于任何家庭',
  // Family card payments (Stripe Connect)
  'Family card payments are not configured on this server (they need Stripe keys and STRIPE_CONNECT_WEBHOOK_SECRET)':
    '此服务器未配置家庭刷卡付款（需要 Stripe 密钥和 STRIPE_CONNECT_WEBHOOK_SECRET）',
  'The Connect webhook takes only events of connected accounts': 'Connect 网络钩子只接受已连接账户的事件',
  // Lesson reminders
  'lessonReminderHours must be a whole number of hours from 0 (none) to 168':
    'lessonReminderHours 必须是 0（不提醒）到 168 之间的整数小时',
} as const;
