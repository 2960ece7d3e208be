import a11y from './en-US/a11y';
import account from './en-US/account';
import audit from './en-US/audit';
import billing from './en-US/billing';
import billingCycles from './en-US/billingCycles';
import common from './en-US/common';
import cover from './en-US/cover';
import dashboard from './en-US/dashboard';
import email from './en-US/email';
import feedback from './en-US/feedback';
import forms from './en-US/forms';
import households from './en-US/households';
import lessons from './en-US/lessons';
import listLimits from './en-US/listLimits';
import lists from './en-US/lists';
import locationReports from './en-US/locationReports';
import locations from './en-US/locations';
import menu from './en-US/menu';
import money from './en-US/money';
import names from './en-US/names';
import notices from './en-US/notices';
import notify from './en-US/notify';
import pages from './en-US/pages';
import payroll from './en-US/payroll';
import places from './en-US/places';
import portal from './en-US/portal';
import privacy from './en-US/privacy';
import pwa from './en-US/pwa';
import reports from './en-US/reports';
import request from './en-US/request';
import roomView from './en-US/roomView';
import scheduleNow from './en-US/scheduleNow';
import schedules from './en-US/schedules';
import scheduleViews from './en-US/scheduleViews';
import seats from './en-US/seats';
import siteLimits from './en-US/siteLimits';
import statements from './en-US/statements';
import teacherOffline from './en-US/teacherOffline';
import topups from './en-US/topups';
import vouchers from './en-US/vouchers';

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
