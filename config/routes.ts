import type { Right } from '../src/contracts/permissions';

/**
 * The one route table (spec section 2). Every page loads lazily (Umi's default). `access` is a right
 * from src/contracts/permissions.ts; src/access.ts turns the signed-in user's authorities into one
 * boolean per right, and the layout shows our 403 page when the boolean is false.
 * Menu names are locale ids: `menu.<name>` and `menu.<parent>.<name>` in src/locales.
 */
export interface AppRoute {
  path: string;
  /**
   * The menu key. ProLayout's route-utils keys a route at `/` by a SHA-256 of JSON.stringify(route),
   * page element included, on every layout render (~25 ms of each first load): `/` names its own.
   */
  key?: string;
  name?: string;
  icon?: string;
  component?: string;
  redirect?: string;
  access?: Right;
  hideInMenu?: boolean;
  layout?: false;
  routes?: AppRoute[];
}

const routes: AppRoute[] = [
  {
    path: '/user',
    layout: false,
    routes: [
      { path: '/user', redirect: '/user/login' },
      { path: '/user/login', name: 'login', component: './User/Login' },
      { path: '/user/register', name: 'register', component: './User/Register' },
      { path: '/user/reset-password', component: './User/ResetPassword' },
      // A guardian accepts an invitation to the family portal (issue 21).
      { path: '/user/accept-invitation', component: './User/AcceptInvitation' },
    ],
  },
  // A freed seat's claim link (issue 22): no login, opened from the family's email or SMS.
  { path: '/offers/:token', layout: false, component: './Offer' },
  // `/` sends each user to their first page: /dashboard when they may see it (see src/pages/Index).
  { path: '/', key: 'index', component: './Index' },
  { path: '/dashboard', name: 'dashboard', icon: 'dashboard', access: 'dashboard:view', component: './Dashboard' },
  { path: '/staff', name: 'staff', icon: 'team', access: 'records:manage', component: './Staff' },
  { path: '/teacher', name: 'teacher', icon: 'solution', access: 'records:manage', component: './Teacher' },
  {
    path: '/student',
    name: 'student',
    icon: 'idcard',
    access: 'records:manage',
    routes: [
      { path: '/student', redirect: '/student/all-student' },
      { path: '/student/all-student', name: 'all-student', access: 'records:manage', component: './Student' },
      {
        path: '/student/inactive-student',
        name: 'inactive-student',
        access: 'records:manage',
        component: './Student',
      },
      { path: '/student/households', name: 'households', access: 'records:manage', component: './Households' },
      {
        path: '/student/erasure-requests',
        name: 'erasure-requests',
        access: 'privacy:erase',
        component: './ErasureRequests',
      },
      {
        path: '/student/households/:id',
        name: 'household',
        access: 'records:manage',
        hideInMenu: true,
        component: './Households/Detail',
      },
      {
        path: '/student/studentDashboard/:id',
        name: 'student-dashboard',
        access: 'records:manage',
        hideInMenu: true,
        component: './StudentDashboard',
      },
    ],
  },
  { path: '/course', name: 'course', icon: 'book', access: 'records:manage', component: './Course' },
  { path: '/term', name: 'term', icon: 'fieldTime', access: 'records:manage', component: './Term' },
  { path: '/termRegister', name: 'term-register', icon: 'form', access: 'records:manage', component: './TermRegister' },
  { path: '/Referral', name: 'referral', icon: 'shareAlt', access: 'records:manage', component: './Referral' },
  // Locations and rooms (issue 23): admins.
  {
    path: '/locations',
    name: 'locations',
    icon: 'environment',
    access: 'locations:manage',
    routes: [
      { path: '/locations', redirect: '/locations/sites' },
      { path: '/locations/sites', name: 'sites', access: 'locations:manage', component: './Locations' },
      { path: '/locations/rooms', name: 'rooms', access: 'locations:manage', component: './Rooms' },
    ],
  },
  {
    path: '/voucherPurchaseHistory',
    name: 'voucher-purchase-history',
    icon: 'wallet',
    access: 'vouchers:manage',
    component: './VoucherPurchaseHistory',
  },
  {
    path: '/schedule',
    name: 'schedule',
    icon: 'schedule',
    access: 'schedules:manage',
    routes: [
      { path: '/schedule', redirect: '/schedule/schedule-calendar' },
      {
        path: '/schedule/schedule-calendar',
        name: 'schedule-calendar',
        access: 'schedules:manage',
        component: './Schedule/Calendar',
      },
      {
        path: '/schedule/google-calendar',
        name: 'google-calendar',
        access: 'schedules:manage',
        component: './Schedule/TeacherAvailability',
      },
      {
        path: '/schedule/table-view',
        name: 'table-view',
        access: 'schedules:manage',
        component: './Schedule/TableView',
      },
      {
        path: '/schedule/closures',
        name: 'closures',
        access: 'schedules:manage',
        component: './Schedule/Closures',
      },
    ],
  },
  { path: '/report', name: 'report', icon: 'barChart', access: 'reports:view', component: './Report' },
  { path: '/audit', name: 'audit', icon: 'history', access: 'audit:view', component: './Audit' },
  { path: '/email', name: 'email', icon: 'mail', access: 'email:send', component: './Email' },
  // The seed's "Email Template" entry: the Templates tab of /email (a path of its own, so that the menu
  // highlights only this entry, not Email as well).
  { path: '/emailTemplate', name: 'email-template', icon: 'fileText', access: 'email:send', component: './Email' },
  {
    path: '/teacherConfirmation',
    name: 'teacher-confirmation',
    icon: 'checkSquare',
    access: 'schedules:confirmOwn',
    component: './TeacherConfirmation',
  },
  {
    path: '/accountSettings',
    name: 'account-settings',
    icon: 'setting',
    access: 'teacherSettings:own',
    component: './AccountSettings',
  },
  // The family portal (issue 21): a guardian's own household, phone first.
  // Home lives at /family/home (not /family): the menu would otherwise light Home up on every /family/… page.
  { path: '/family', redirect: '/family/home' },
  { path: '/family/home', name: 'family-home', icon: 'home', access: 'portal:own', component: './Family' },
  {
    path: '/family/lessons',
    name: 'family-lessons',
    icon: 'calendar',
    access: 'portal:own',
    component: './Family/Lessons',
  },
  {
    path: '/family/balance',
    name: 'family-balance',
    icon: 'wallet',
    access: 'portal:own',
    component: './Family/Balance',
  },
  {
    path: '/family/top-up',
    name: 'family-top-up',
    icon: 'creditCard',
    access: 'portal:own',
    component: './Family/TopUp',
  },
  {
    path: '/family/feedback',
    name: 'family-feedback',
    icon: 'message',
    access: 'portal:own',
    component: './Family/Feedback',
  },
  {
    path: '/family/settings',
    name: 'family-settings',
    icon: 'setting',
    access: 'portal:own',
    component: './Family/Settings',
  },
  // Platform billing (issue 10), in the menu of whoever holds the right: the platform (ROLE_SYSTEM)
  // sees all three, a centre's admin Payment Information and Credit Balance History, operators none.
  {
    path: '/billingCycleControl',
    name: 'billing-cycle-control',
    icon: 'reconciliation',
    access: 'billing:cycles',
    component: './BillingCycleControl',
  },
  {
    path: '/manage-payment',
    name: 'manage-payment',
    icon: 'creditCard',
    access: 'billing:view',
    component: './ManagePayment',
  },
  {
    path: '/credit-balance-history',
    name: 'credit-balance-history',
    icon: 'accountBook',
    access: 'billing:view',
    component: './CreditBalanceHistory',
  },
  // The template's welcome page, for the centre's staff only: teachers and the platform have nothing
  // to do there, so it is not in their menus (issue 19).
  {
    path: '/admin',
    name: 'admin',
    icon: 'crown',
    access: 'records:manage',
    routes: [
      { path: '/admin', redirect: '/admin/sub-page' },
      { path: '/admin/sub-page', name: 'sub-page', access: 'records:manage', component: './Admin' },
    ],
  },
  // Hidden pages: reached from links, never from the menu.
  { path: '/profile', name: 'profile', hideInMenu: true, component: './Profile' },
  { path: '/redirectUrlPage', name: 'redirect-url-page', hideInMenu: true, component: './RedirectUrlPage' },
  { path: '/overdueAlert', name: 'overdue-alert', hideInMenu: true, component: './OverdueAlert' },
  { path: '/500', name: 'error', hideInMenu: true, component: './Exception/500' },
  { path: '*', component: './Exception/404' },
];

export default routes;
