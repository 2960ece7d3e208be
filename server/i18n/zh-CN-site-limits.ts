// Chinese texts of site-limited staff (issue 23, helper C). Keyed by the English text.
export const zhCNSiteLimits = {
  'Choose an active location of this centre': '请选择本机构一个启用中的校区',
  'Choose one of your own locations': '请选择您负责的校区',
} as const;
