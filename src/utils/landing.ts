import { hasRight, type Right } from '../contracts/permissions';

/**
 * The first page of each user, in this order: the dashboard for those who may see it (admins,
 * operators); teachers go to Teacher Confirmation (their daily task); the platform operator
 * (ROLE_SYSTEM) to Billing Cycle Control; anyone else with billing rights to Payment Information;
 * a guardian (ROLE_CUSTOMER) to the family portal; everyone else to Account Information.
 */
const landingPages: readonly (readonly [Right, string])[] = [
  ['dashboard:view', '/dashboard'],
  ['schedules:confirmOwn', '/teacherConfirmation'],
  ['billing:cycles', '/billingCycleControl'],
  ['billing:view', '/manage-payment'],
  ['portal:own', '/family/home'],
];

export function landingPath(authorities: readonly string[] | undefined): string {
  const page = landingPages.find(([right]) => hasRight(authorities, right));
  return page ? page[1] : '/profile';
}
