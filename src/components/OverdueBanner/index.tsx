import { history, Link, useIntl, useLocation } from '@umijs/max';
import { Alert } from 'antd';
import { useEffect } from 'react';
import type { TAccount } from '@/contracts/account';
import { loadOverdueFor, useOverdue } from '@/utils/useOverdue';

// Pages where the banner and the once-per-session trip to /overdueAlert stay away.
const QUIET = ['/overdueAlert', '/redirectUrlPage'];
const SHOWN_KEY = 'levelup-overdue-alert-shown';

/**
 * The overdue banner above every page (issue 10) while the user's centre has an overdue invoice:
 * admins get a Pay now link to /overdueAlert, operators are told to contact their admin. After
 * sign-in an admin is sent to /overdueAlert once per browser session.
 */
export default function OverdueBanner({ user }: { user?: TAccount }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { pathname } = useLocation();
  const overdue = useOverdue();
  useEffect(() => loadOverdueFor(user?.login, user?.authorities), [user?.login, user?.authorities]);

  const quiet = QUIET.includes(pathname);
  useEffect(() => {
    if (!overdue?.overdue || !overdue.canPay || quiet || !user) return;
    const key = `${SHOWN_KEY}-${user.login}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    history.push('/overdueAlert');
  }, [overdue, quiet, user]);

  if (!overdue?.overdue || quiet) return null;
  return (
    <Alert
      banner
      type="warning"
      className="overdue-banner"
      style={{ marginBottom: 12 }}
      message={
        overdue.canPay ? (
          <span>
            {t('billing.banner.admin')} — <Link to="/overdueAlert">{t('billing.banner.payNow')}</Link>
          </span>
        ) : (
          t('billing.banner.operator')
        )
      }
    />
  );
}
