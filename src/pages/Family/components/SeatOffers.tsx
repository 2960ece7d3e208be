import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { TSeatOfferView } from '@/contracts/seats';
import { claimPortalOffer, portalOffers } from '@/services/seats';
import type { Formatter } from '@/utils/format';
import { isErrorReply, toRequestFailure } from '@/utils/requestError';
import { type T, useLoad, useT } from './shared';

const HOUR = 3_600_000;

/** "3 h left", "40 min left": how long the seat is still held. */
function heldFor(expiresAt: string, t: T): string {
  const left = Math.max(0, Date.parse(expiresAt) - Date.now());
  return left >= HOUR
    ? t('portal.offers.hoursLeft', { hours: Math.floor(left / HOUR) })
    : t('portal.offers.minutesLeft', { minutes: Math.max(1, Math.ceil(left / 60_000)) });
}

function OfferCard({ offer, fmt, onClaimed }: { offer: TSeatOfferView; fmt: Formatter; onClaimed: () => void }) {
  const t = useT();
  const [claiming, setClaiming] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const claim = async () => {
    setClaiming(true);
    try {
      const claimed = await claimPortalOffer(offer.id);
      setResult({ ok: true, text: t('seats.offer.claimed', { child: claimed.child }) });
      onClaimed();
    } catch (error) {
      const reply = toRequestFailure(error).body;
      setResult({ ok: false, text: isErrorReply(reply) ? reply.errorMessage : t('seats.offer.failed') });
    } finally {
      setClaiming(false);
    }
  };
  const when = `${fmt.dayLabel(fmt.dayOf(offer.startAt))} · ${fmt.time(offer.startAt)}–${fmt.time(offer.endAt)}`;
  return (
    <Card size="small" data-testid={`seat-offer-${offer.id}`}>
      <Flex vertical gap={4}>
        <Typography.Text strong>{`${offer.child} · ${offer.course}`}</Typography.Text>
        <Typography.Text>{when}</Typography.Text>
        <Typography.Text type="secondary">{t('portal.lesson.with', { teacher: offer.teacher })}</Typography.Text>
        <Typography.Text>
          {t('portal.offers.held', { left: heldFor(offer.expiresAt, t) })}{' '}
          {/* The date moves to the next line whole, never broken inside. */}
          <span style={{ whiteSpace: 'nowrap' }}>
            {t('portal.offers.until', {
              until: `${fmt.dayLabel(fmt.dayOf(offer.expiresAt))} ${fmt.time(offer.expiresAt)}`,
            })}
          </span>
        </Typography.Text>
        {result ? (
          <Alert type={result.ok ? 'success' : 'warning'} showIcon message={result.text} role="status" />
        ) : (
          <Button type="primary" block loading={claiming} onClick={claim} style={{ marginTop: 4 }}>
            {t('seats.offer.claim')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/**
 * Freed seats offered to the family's children (issue 37, finding 11): on the portal's home with how
 * long each is held and a Claim button, as the email or SMS link offers them. The first claim wins.
 */
export default function SeatOffers({ fmt, onClaimed }: { fmt: Formatter; onClaimed: () => void }) {
  const t = useT();
  const { load } = useLoad(portalOffers, 'offers');
  const offers = load.state === 'loaded' ? load.value.filter((o) => o.status === 'OPEN') : [];
  if (!offers.length) return null;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('portal.offers.title')}</h2>}>
      <Typography.Paragraph type="secondary">{t('seats.offer.firstComes')}</Typography.Paragraph>
      <Flex vertical gap={8}>
        {offers.map((offer) => (
          <OfferCard key={offer.id} offer={offer} fmt={fmt} onClaimed={onClaimed} />
        ))}
      </Flex>
    </Card>
  );
}
