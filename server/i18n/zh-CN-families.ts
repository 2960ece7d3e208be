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
} as const;
