import { Navigate, useModel } from '@umijs/max';
import { landingPath } from '@/utils/landing';

/**
 * `/` redirects to /dashboard (spec section 2), except for users who may not see the dashboard:
 * they go to their first page (teachers: /teacherConfirmation, ROLE_SYSTEM: /billingCycleControl),
 * never to a 403. See src/utils/landing.ts for the order.
 */
export default function IndexPage() {
  const { initialState } = useModel('@@initialState');
  const currentUser = initialState?.currentUser;
  // Signed out: the layout sends the visitor to the login page.
  if (!currentUser) return null;
  return <Navigate to={landingPath(currentUser.authorities)} replace />;
}
