import { useIntl, useNavigate, useSearchParams } from '@umijs/max';
import { message, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { describeBillingFailure } from '@/components/BillingModal/failure';
import { cardName, confirmCheckoutSession, RETURN_KEY } from '@/services/billingPayment';
import { refreshOverdue } from '@/utils/useOverdue';

/**
 * /redirectUrlPage: where Stripe Checkout returns (?session_id=cs_… or ?cancelled=1). Confirms the
 * session with the server (which saves the card), then goes back to the page that opened Checkout
 * (/manage-payment or /overdueAlert) with what happened.
 */
export default function RedirectUrlPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on arrival
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const back = sessionStorage.getItem(RETURN_KEY) || '/manage-payment';
    sessionStorage.removeItem(RETURN_KEY);
    const sessionId = search.get('session_id');
    if (!sessionId || search.get('cancelled')) {
      message.info(t('billing.redirect.cancelled'));
      navigate(back, { replace: true });
      return;
    }
    confirmCheckoutSession(sessionId)
      .then((info) => {
        message.success(t('billing.redirect.saved', { card: info.card ? cardName(info.card) : '' }));
        void refreshOverdue();
      })
      .catch((error: unknown) => {
        message.error(describeBillingFailure(error, 'billing.redirect.failed', [], t).content);
      })
      .finally(() => navigate(back, { replace: true }));
  }, []);

  return (
    <Result
      icon={<Spin size="large" />}
      title={<h1 className="levelup-page-title">{t('billing.redirect.confirming')}</h1>}
      className="redirect-confirming"
    />
  );
}
