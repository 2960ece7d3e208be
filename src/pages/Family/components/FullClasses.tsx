import { Button, Card, Flex, message, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { TPortalFullClass } from '@/contracts/seats';
import { portalFullClasses, portalJoinWaitlist, portalLeaveWaitlist } from '@/services/seats';
import { useFormat } from '@/utils/useFormat';
import { useT } from './shared';

/**
 * The full group classes ahead of the child's courses (issue 22): "Join the waitlist" / "Leave the
 * waitlist" on each, and the child's place in line where waiting. Shown under the make-up credits.
 */
export default function FullClasses({ child }: { child: number }) {
  const t = useT();
  const fmt = useFormat();
  const [classes, setClasses] = useState<TPortalFullClass[]>();
  const [busy, setBusy] = useState<number>();
  const load = useCallback(() => {
    portalFullClasses(child)
      .then(setClasses)
      .catch(() => setClasses([]));
  }, [child]);
  useEffect(load, [load]);

  const toggle = (k: TPortalFullClass) => {
    setBusy(k.scheduleId);
    (k.position === null ? portalJoinWaitlist : portalLeaveWaitlist)(k.scheduleId, child)
      .then(() => message.success(t(k.position === null ? 'seats.portal.joined' : 'seats.portal.left')))
      .catch(() => message.error(t('seats.portal.failed')))
      .finally(() => {
        setBusy(undefined);
        load();
      });
  };

  if (!classes || classes.length === 0) return null;
  return (
    <section aria-labelledby="full-classes-title" style={{ marginTop: 24 }}>
      <Typography.Title level={2} id="full-classes-title" style={{ fontSize: 18 }}>
        {t('seats.portal.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('seats.portal.hint')}</Typography.Paragraph>
      {classes.map((k) => (
        <Card key={k.scheduleId} size="small" style={{ marginBottom: 8 }} data-testid={`full-class-${k.scheduleId}`}>
          <Flex vertical gap={4}>
            <Typography.Text strong>{fmt.dateTime(k.startAt)}</Typography.Text>
            <Typography.Text>
              {k.courseName} · {t('portal.lesson.with', { teacher: k.teacherName })}
            </Typography.Text>
            <Flex gap={8} wrap align="center" justify="space-between">
              <span>
                <Tag>{t('seats.portal.full', { taken: k.seatsTaken, capacity: k.capacity })}</Tag>
                {k.position !== null ? (
                  <Tag color="blue">{t('seats.portal.position', { position: k.position })}</Tag>
                ) : null}
              </span>
              <Button
                size="small"
                type={k.position === null ? 'primary' : 'default'}
                loading={busy === k.scheduleId}
                onClick={() => toggle(k)}
              >
                {t(k.position === null ? 'seats.portal.join' : 'seats.portal.leave')}
              </Button>
            </Flex>
          </Flex>
        </Card>
      ))}
    </section>
  );
}
