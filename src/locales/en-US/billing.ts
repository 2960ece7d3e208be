// Platform billing (issue 10): /manage-payment, /billingCycleControl, /credit-balance-history,
// /overdueAlert, /redirectUrlPage and the overdue banner.
export default {};
