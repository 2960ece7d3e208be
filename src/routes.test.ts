import { describe, expect, it } from 'vitest';
import routes, { type AppRoute } from '../config/routes';
import { hasRight, rights } from './contracts/permissions';
import enUS from './locales/en-US';
import zhCN from './locales/zh-CN';

function flatten(list: AppRoute[], parents: string[] = []): (AppRoute & { menuId?: string })[] {
  return list.flatMap((route) => {
    const names = route.name ? [...parents, route.name] : parents;
    const self = { ...route, menuId: route.name ? `menu.${names.join('.')}` : undefined };
    return [self, ...flatten(route.routes ?? [], names)];
  });
}
const all = flatten(routes);
const byPath = (path: string) => all.find((route) => route.path === path && !route.redirect);

describe('route table (config/routes.ts)', () => {
  it('has every screen of spec section 2', () => {
    const paths = [
      '/user/login',
      '/user/register',
      '/',
      '/profile',
      '/manage-payment',
      '/billingCycleControl',
      '/dashboard',
      '/admin/sub-page',
      '/staff',
      '/teacher',
      '/student/all-student',
      '/student/inactive-student',
      '/student/studentDashboard/:id',
      '/course',
      '/term',
      '/termRegister',
      '/Referral',
      '/voucherPurchaseHistory',
      '/schedule/schedule-calendar',
      '/schedule/google-calendar',
      '/schedule/table-view',
      '/report',
      '/email',
      '/credit-balance-history',
      '/teacherConfirmation',
      '/accountSettings',
      '/redirectUrlPage',
      '/overdueAlert',
      '/500',
      '*',
    ];
    for (const path of paths) expect(byPath(path), path).toBeDefined();
  });

  it('hides the pages the spec hides from the menu', () => {
    const hidden = ['/profile', '/student/studentDashboard/:id', '/redirectUrlPage', '/overdueAlert'];
    for (const path of hidden) expect(byPath(path)?.hideInMenu, path).toBe(true);
  });

  // The spec hides them; the platform's only pages are these, so they are in the menu, each shown
  // to the roles that may open it (the layout leaves out a route whose right the user lacks).
  it('lists the billing pages in the menu behind their rights', () => {
    const billing = {
      '/billingCycleControl': 'billing:cycles',
      '/manage-payment': 'billing:view',
      '/credit-balance-history': 'billing:view',
    };
    for (const [path, right] of Object.entries(billing)) {
      expect(byPath(path)?.hideInMenu, path).toBeUndefined();
      expect(byPath(path)?.icon, path).toBeDefined();
      expect(byPath(path)?.access, path).toBe(right);
    }
    expect(hasRight(['ROLE_SYSTEM'], 'billing:cycles') && hasRight(['ROLE_SYSTEM'], 'billing:view')).toBe(true);
    expect(hasRight(['ROLE_ADMIN', 'ROLE_OPERATOR'], 'billing:view')).toBe(true);
    expect(hasRight(['ROLE_ADMIN', 'ROLE_OPERATOR'], 'billing:cycles')).toBe(false);
    expect(hasRight(['ROLE_OPERATOR'], 'billing:view')).toBe(false);
  });

  it('guards each feature page with a right that exists', () => {
    const open = [
      '/user',
      '/user/login',
      '/user/register',
      '/user/reset-password',
      '/user/accept-invitation',
      '/offers/:token',
      '/',
      '/profile',
    ];
    const alsoOpen = ['/redirectUrlPage', '/overdueAlert', '/500', '*'];
    for (const route of all.filter((r) => r.component && ![...open, ...alsoOpen].includes(r.path))) {
      expect(route.access, route.path).toBeDefined();
      expect(rights, route.path).toContain(route.access);
    }
    expect(byPath('/billingCycleControl')?.access).toBe('billing:cycles');
    expect(byPath('/teacherConfirmation')?.access).toBe('schedules:confirmOwn');
  });

  it("keeps the admin welcome page to the centre's staff, out of teachers' and the platform's menus", () => {
    for (const path of ['/admin', '/admin/sub-page']) {
      const right = byPath(path)?.access ?? 'public';
      expect(hasRight(['ROLE_ADMIN', 'ROLE_OPERATOR'], right), path).toBe(true);
      expect(hasRight(['ROLE_OPERATOR'], right), path).toBe(true);
      expect(hasRight(['ROLE_TEACHER'], right), path).toBe(false);
      expect(hasRight(['ROLE_SYSTEM'], right), path).toBe(false);
    }
  });

  it('keeps the sign-in pages out of the menu layout', () => {
    expect(routes.find((route) => route.path === '/user')?.layout).toBe(false);
  });

  it('has a menu name in both locales for every named route', () => {
    for (const { menuId, path } of all.filter((route) => route.menuId)) {
      expect(enUS, path).toHaveProperty([menuId as string]);
      expect(zhCN, path).toHaveProperty([menuId as string]);
    }
  });
});

describe('locales', () => {
  it('have the same message ids', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });
});
