import { Link } from '@umijs/max';
import { Alert, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import PageContainer from '@/components/PageContainer';
import type { TPortalAttention, TPortalChild } from '@/contracts/portal';
import type { Formatter } from '@/utils/format';
import { useFormat } from '@/utils/useFormat';
import SeatOffers from './components/SeatOffers';
import { Failed, LessonCard, OfflineNote, type T, useHome, useT } from './components/shared';

function attentionText(item: TPortalAttention, t: T, fmt: Formatter) {
  return t(`portal.attention.${item.kind}`, {
    child: item.childName,
    // "owes CA$710.00", never "owes -CA$710.00" (issue 37, finding 9): the sentence carries the sign.
    amount: fmt.money(item.kind === 'NEGATIVE_BALANCE' ? item.amount.replace(/^-/, '') : item.amount),
    term: item.term ?? '',
    course: item.course ?? '',
  });
}

/** How many lessons the balance pays for, in words: "about 3", "less than one", "none" (issue 37, finding 9). */
function lessonsLeftText(child: TPortalChild, t: T, fmt: Formatter) {
  if (child.aboutLessonsLeft === null || !child.usualLessonCharge) return t('portal.child.noUsual');
  const rate = fmt.money(child.usualLessonCharge);
  if (child.aboutLessonsLeft > 0) return t('portal.child.aboutLeft', { count: child.aboutLessonsLeft, rate });
  return t(Number(child.balance) > 0 ? 'portal.child.lessThanOne' : 'portal.child.noneLeft', { rate });
}

function ChildCard({ child, fmt }: { child: TPortalChild; fmt: Formatter }) {
  const t = useT();
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {child.name}
        </Typography.Title>
      }
    >
      <Statistic title={t('portal.child.balance')} value={fmt.money(child.balance)} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
        {lessonsLeftText(child, t, fmt)}
      </Typography.Paragraph>
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('portal.child.nextLessons')}
      </Typography.Title>
      {child.nextLessons.length ? (
        child.nextLessons.map((lesson) => <LessonCard key={lesson.id} lesson={lesson} fmt={fmt} />)
      ) : (
        <Typography.Paragraph type="secondary">{t('portal.child.noNextLessons')}</Typography.Paragraph>
      )}
      <Typography.Title level={3} style={{ fontSize: 15, marginTop: 12 }}>
        {t('portal.child.latestFeedback')}
      </Typography.Title>
      {child.latestFeedback ? (
        <Link to={`/family/feedback?child=${child.id}`}>
          {fmt.dayLabel(fmt.dayOf(child.latestFeedback.startAt))} · {child.latestFeedback.course}
        </Link>
      ) : (
        <Typography.Paragraph type="secondary">{t('portal.child.noFeedback')}</Typography.Paragraph>
      )}
      <Flex gap={16} wrap style={{ marginTop: 12 }}>
        <Link to={`/family/lessons?child=${child.id}`}>{t('portal.child.allLessons')}</Link>
        <Link to={`/family/balance?child=${child.id}`}>{t('portal.child.history')}</Link>
      </Flex>
    </Card>
  );
}

/** /family: each child's balance, next lessons and latest feedback, and what needs the family's attention. */
export default function FamilyHome() {
  const t = useT();
  const fmt = useFormat();
  const { load, reload } = useHome();
  const home = load.state === 'loaded' ? load.value : undefined;
  return (
    <PageContainer title={home ? t('portal.home.greeting', { name: home.household.name }) : t('portal.home.title')}>
      {load.state === 'loaded' ? <OfflineNote savedAt={load.savedAt} fmt={fmt} /> : null}
      {load.state === 'failed' ? <Failed onRetry={reload} /> : null}
      {load.state === 'loading' ? <Skeleton active /> : null}
      {home ? (
        <Flex vertical gap={16}>
          {home.attention.length ? (
            <Alert
              type="warning"
              showIcon
              message={t('portal.attention.title')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {home.attention.map((item) => (
                    <li key={`${item.kind}-${item.childId}-${item.term ?? ''}`}>{attentionText(item, t, fmt)}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          <SeatOffers fmt={fmt} onClaimed={reload} />
          {home.children.length > 1 ? (
            <Card size="small">
              <Statistic title={t('portal.home.householdBalance')} value={fmt.money(home.balance)} />
              <Typography.Text type="secondary">{t('portal.home.householdBalanceNote')}</Typography.Text>
            </Card>
          ) : null}
          {home.children.length === 0 ? <Alert type="info" message={t('portal.home.noChildren')} /> : null}
          <Row gutter={[16, 16]}>
            {home.children.map((child) => (
              <Col key={child.id} xs={24} lg={12}>
                <ChildCard child={child} fmt={fmt} />
              </Col>
            ))}
          </Row>
        </Flex>
      ) : null}
    </PageContainer>
  );
}
