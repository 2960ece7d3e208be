// Chinese texts of class capacity, waitlists and freed-seat offers (issue 22). Keyed by the English text.
export const zhCNSeats = {
  'This class is full ({taken} of {capacity} seats taken)': '此课程已满（已占 {taken}/{capacity} 个名额）',
  '{course} on {date} at {time} has {capacity} seats: {taken} students would take them':
    '{course}（{date} {time}）只有 {capacity} 个名额：将有 {taken} 名学生',
  'Capacity is a whole number of seats': '名额须为整数',
  'At least 1 seat': '至少 1 个名额',
  'At most 100 seats': '最多 100 个名额',
  'overrideCapacity is true or false': 'overrideCapacity 须为 true 或 false',
  'This offer link is not valid': '此领取链接无效',
  'Sorry, this seat was taken by another family': '抱歉，此名额已被另一个家庭领取',
  'This offer has expired': '此名额的保留时间已过',
  'This class is no longer open to claim a seat': '此课程已不再开放领取名额',
  'This child is in the class already': '该孩子已在此课程中',
  'Only a planned class has a waitlist': '只有计划中的课程才有候补名单',
  'This class has no seat limit: add the student to it': '此课程不限名额：请直接添加学生',
  'This class has a free seat: book it instead of waiting': '此课程还有空位：请直接报名，无需候补',
  'This student is in the class already': '该学生已在此课程中',
  'This student is on the waitlist already': '该学生已在候补名单上',
  'Waitlist entry': '候补记录',
  'Too many offer links were tried from this address.': '此地址尝试的领取链接过多。',
} as const;
