import { useIntl, useParams } from '@umijs/max';
import { Alert, Button, Card, Descriptions, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import UserPage from '@/components/UserPage';
import type { TSeatOfferView } from '@/contracts/seats';
import { claimOffer, getOffer } from '@/services/seats';
import { makeFormatter } from '@/utils/format';
import { isErrorReply, toRequestFailure } from '@/utils/requestError';

const failureText = (error: unknown, fallback: string) => {
  const reply = toRequestFailure(error);
  return isErrorReply(reply.body) ? reply.body.errorMessage : fallback;
};

/**
 * A freed seat's claim link (issue 22), opened from the email or SMS on a phone, without signing in:
 * the class, the child, until when the seat is held, and "Claim the seat"; the first claim wins.
 */
export default function OfferPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { token = '' } = useParams<{ token: string }>();
  const [offer, setOffer] = useState<TSeatOfferView>();
  const [failure, setFailure] = useState<string>();
  const [claiming, setClaiming] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link's token is read once, on arrival
  useEffect(() => {
    getOffer(token)
      .then(setOffer)
      .catch((error) => setFailure(failureText(error, t('seats.offer.invalid'))));
  }, [token]);

  const claim = async () => {
    setClaiming(true);
    setFailure(undefined);
    try {
      setOffer(await claimOffer(token));
    } catch (error) {
      setFailure(failureText(error, t('seats.offer.failed')));
      getOffer(token).then(setOffer, () => undefined);
    } finally {
      setClaiming(false);
    }
  };

  // The centre's zone, in the one date and time format of the reader's language (the phone may be elsewhere).
  const at = (iso: string, zone: string, withDay = true) => {
    const fmt = makeFormatter({ timeZone: zone, locale: intl.locale });
    return withDay ? `${fmt.dayLabel(fmt.dayOf(iso))} ${fmt.time(iso)}` : fmt.time(iso);
  };
  return (
    <UserPage>
      <main style={{ width: 420, maxWidth: '100%', margin: '0 auto', padding: '0 16px' }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('seats.offer.title')}
        </Typography.Title>
        {failure && <Alert style={{ marginBottom: 16 }} type="error" showIcon message={failure} role="alert" />}
        {!offer ? (
          !failure && <Spin />
        ) : (
          <Card>
            {offer.status === 'CLAIMED' ? (
              <Result status="success" title={t('seats.offer.claimed', { child: offer.child })} />
            ) : null}
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('seats.offer.centre')}>{offer.centre}</Descriptions.Item>
              <Descriptions.Item label={t('seats.offer.class')}>{offer.course}</Descriptions.Item>
              <Descriptions.Item label={t('seats.offer.teacher')}>{offer.teacher}</Descriptions.Item>
              <Descriptions.Item label={t('seats.offer.time')}>
                {`${at(offer.startAt, offer.timeZone)}–${at(offer.endAt, offer.timeZone, false)}`}
              </Descriptions.Item>
              <Descriptions.Item label={t('seats.offer.child')}>{offer.child}</Descriptions.Item>
              <Descriptions.Item label={t('seats.offer.heldUntil')}>
                {at(offer.expiresAt, offer.timeZone)}
              </Descriptions.Item>
            </Descriptions>
            {offer.status === 'OPEN' && (
              <>
                <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                  {t('seats.offer.firstComes')}
                </Typography.Paragraph>
                <Button type="primary" size="large" block loading={claiming} onClick={claim}>
                  {t('seats.offer.claim')}
                </Button>
              </>
            )}
            {offer.status === 'TAKEN' && !failure && <Alert type="warning" showIcon message={t('seats.offer.taken')} />}
            {offer.status === 'EXPIRED' && !failure && (
              <Alert type="warning" showIcon message={t('seats.offer.expired')} />
            )}
          </Card>
        )}
      </main>
    </UserPage>
  );
}
