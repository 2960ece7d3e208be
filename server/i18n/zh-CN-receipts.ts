// Chinese texts of voucher payment methods, class packages and receipts (issue 19), keyed by the English text.
export const zhCNReceipts = {
  // Payment methods (the same words as the term register's payment types)
  Cash: '现金',
  Card: '银行卡',
  'E-transfer': '电子转账',
  Cheque: '支票',
  'A payment method is 1 to 50 characters': '付款方式为 1 到 50 个字符',
  'This payment method is already built in': '此付款方式已内置',
  'This payment method is in the list twice': '此付款方式在列表中重复',
  "Choose a payment method from the list (a built-in one or one of the centre's own)":
    '请从列表中选择付款方式（内置的或本机构自定义的）',
  'At most 30 payment methods': '最多 30 种付款方式',
  // Class packages
  'Only a purchase can be sold as classes': '只有购买可以按课时出售',
  'Enter a whole number of classes from 1 to 500': '请输入 1 到 500 之间的整数课时',
  'This student has no usual class rate yet (no voucher class charged): enter an amount instead':
    '该学生还没有常规课时费（尚无课时券扣费的课程）：请改为输入金额',
  // Receipts
  'Voucher receipt': '课时券收据',
  'Voucher refund': '课时券退款单',
  'Voucher adjustment': '课时券调整单',
  'Receipt number': '收据编号',
  Date: '日期',
  'Payment method': '付款方式',
  Classes: '课时',
  '{count} classes at {rate} each': '{count} 节课，每节 {rate}',
  'Voucher amount': '课时券金额',
  'Amount refunded': '退款金额',
  'Gift amount': '赠送金额',
  'New balance': '新余额',
  'Thank you.': '谢谢。',
  '{title} from {centre}': '{centre}的{title}',
  'Thank you for your purchase for {student}. The receipt is attached.': '感谢您为{student}购买课时券。收据见附件。',
  'Dear parent,': '尊敬的家长：',
  'Kind regards,': '此致敬礼，',
} as const;
