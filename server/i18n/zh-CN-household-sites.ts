// Chinese texts of households and site limits, and of what a merge or a move takes along (issue 37,
// findings 1 and 4). Keyed by the English text.
export const zhCNHouseholdSites = {
  'A child of this household is enrolled at a site you do not manage: only staff of every site of its children, or an admin, can change it':
    '该家庭有孩子在您不负责的校区就读：只有负责其所有孩子所在校区的员工或管理员才能修改该家庭',
  'This household has asked for its data to be erased: complete the request, or let the family withdraw it, before merging or moving its people':
    '该家庭已申请删除其数据：请先完成该申请，或由家庭撤回申请，然后再合并或移动其成员',
  "This household's data was erased: it cannot be merged, and its people cannot be moved":
    '该家庭的数据已被删除：不能合并该家庭，也不能移动其成员',
  'This household has card payments or an erasure request on record, which stay with it: merge it into the other household instead of moving its last student':
    '该家庭有银行卡付款或数据删除申请记录，这些记录须保留在该家庭：请将其合并到另一个家庭，而不是移走其最后一名学生',
} as const;
