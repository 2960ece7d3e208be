// Platform billing, the platform's pages (issue 10): /billingCycleControl and /credit-balance-history.
export default {};
