import a11y from './zh-CN/a11y';
import account from './zh-CN/account';
import audit from './zh-CN/audit';
import billing from './zh-CN/billing';
import billingCycles from './zh-CN/billingCycles';
import common from './zh-CN/common';
import cover from './zh-CN/cover';
import dashboard from './zh-CN/dashboard';
import email from './zh-CN/email';
import feedback from './zh-CN/feedback';
import forms from './zh-CN/forms';
import households from './zh-CN/households';
import lessons from './zh-CN/lessons';
import listLimits from './zh-CN/listLimits';
import lists from './zh-CN/lists';
import locationReports from './zh-CN/locationReports';
import locations from './zh-CN/locations';
import menu from './zh-CN/menu';
import money from './zh-CN/money';
import names from './zh-CN/names';
import notices from './zh-CN/notices';
import notify from './zh-CN/notify';
import pages from './zh-CN/pages';
import payroll from './zh-CN/payroll';
import places from './zh-CN/places';
import portal from './zh-CN/portal';
import privacy from './zh-CN/privacy';
import pwa from './zh-CN/pwa';
import reports from './zh-CN/reports';
import request from './zh-CN/request';
import roomView from './zh-CN/roomView';
import scheduleNow from './zh-CN/scheduleNow';
import schedules from './zh-CN/schedules';
import scheduleViews from './zh-CN/scheduleViews';
import seats from './zh-CN/seats';
import siteLimits from './zh-CN/siteLimits';
import statements from './zh-CN/statements';
import teacherOffline from './zh-CN/teacherOffline';
import topups from './zh-CN/topups';
import vouchers from './zh-CN/vouchers';

// One line per file; helpers' feature files (lists, forms, ...) are spread in after these.
export default {
  ...common,
  ...a11y,
  ...account,
  ...menu,
  ...pages,
  ...request,
  ...lists,
  ...forms,
  ...schedules,
  ...scheduleViews,
  ...scheduleNow,
  ...vouchers,
  ...payroll,
  ...dashboard,
  ...reports,
  ...audit,
  ...feedback,
  ...email,
  ...notices,
  ...billing,
  ...billingCycles,
  ...pwa,
  ...teacherOffline,
  ...notify,
  ...money,
  ...names,
  ...households,
  ...portal,
  ...topups,
  ...lessons,
  ...seats,
  ...cover,
  ...privacy,
  ...statements,
  ...places,
  ...siteLimits,
  ...roomView,
  ...locationReports,
  ...listLimits,
  ...locations,
};
