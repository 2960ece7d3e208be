import { Button, Card, Empty, List, Space, Spin, Statistic, Timeline, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { TBookMakeUpBody, TMakeUpCredit, TMakeUpCredits, TMakeUpOptions } from '@/contracts/lessons';
import { useFormat } from '@/utils/useFormat';
import BookMakeUpDialog from './BookMakeUpDialog';
import { CreditStatusTag, LessonRefText, useT } from './shared';

/**
 * A student's make-up credits (available, used, expired), each with the lesson that earned it, the
 * one that used it and its history, and "Book a make-up" on an available one. The desk (`desk`) links
 * the lessons to the classes and may book a new lesson in a teacher's time; the family portal may not.
 */
export default function MakeUpCreditsPanel({
  load,
  loadOptions,
  book,
  desk,
}: {
  load: () => Promise<TMakeUpCredits>;
  loadOptions: (creditId: number) => Promise<TMakeUpOptions>;
  book: (body: TBookMakeUpBody) => Promise<unknown>;
  desk: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const [credits, setCredits] = useState<TMakeUpCredits>();
  const [failed, setFailed] = useState(false);
  const [booking, setBooking] = useState<TMakeUpCredit>();
  const reload = useCallback(() => {
    setFailed(false);
    load().then(setCredits, () => setFailed(true));
  }, [load]);
  useEffect(reload, [reload]);

  if (failed)
    return (
      <Empty description={t('lessons.credits.failed')}>
        <Button onClick={reload}>{t('common.retry')}</Button>
      </Empty>
    );
  if (!credits) return <Spin />;
  return (
    <div data-testid="make-up-credits">
      <Space size="large" wrap style={{ marginBottom: 16 }}>
        <Statistic title={t('lessons.credit.status.AVAILABLE')} value={credits.available} />
        <Statistic title={t('lessons.credit.status.USED')} value={credits.used} />
        <Statistic title={t('lessons.credit.status.EXPIRED')} value={credits.expired} />
      </Space>
      {credits.credits.length === 0 ? (
        <Empty description={t('lessons.credits.empty')} />
      ) : (
        <List
          dataSource={credits.credits}
          renderItem={(credit) => (
            <List.Item key={credit.id} style={{ display: 'block' }} data-testid={`make-up-credit-${credit.id}`}>
              <Card
                size="small"
                title={
                  <Space wrap>
                    <span>{credit.course.name}</span>
                    <CreditStatusTag status={credit.status} t={t} />
                  </Space>
                }
                extra={
                  credit.status === 'AVAILABLE' ? (
                    <Button
                      type="primary"
                      size="small"
                      data-testid={`book-make-up-${credit.id}`}
                      onClick={() => setBooking(credit)}
                    >
                      {t('lessons.makeUp.book')}
                    </Button>
                  ) : null
                }
              >
                <Space direction="vertical" size={2} style={{ width: '100%' }}>
                  <Typography.Text>
                    {t('lessons.credit.earnedBy')} <LessonRefText lesson={credit.earnedBy} fmt={fmt} link={desk} />
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {t(`lessons.credit.why.${credit.cancelledBy}`)}
                    {credit.late ? ` · ${t('lessons.credit.late')}` : ''}
                  </Typography.Text>
                  {credit.usedFor ? (
                    <Typography.Text>
                      {t('lessons.credit.usedFor')} <LessonRefText lesson={credit.usedFor} fmt={fmt} link={desk} />
                    </Typography.Text>
                  ) : null}
                  <Typography.Text type="secondary">
                    {t(credit.status === 'EXPIRED' ? 'lessons.credit.expired' : 'lessons.credit.expires', {
                      when: fmt.dateTime(credit.expiresAt),
                    })}
                  </Typography.Text>
                  <details>
                    <summary>{t('lessons.credit.history')}</summary>
                    <Timeline
                      style={{ marginTop: 8 }}
                      items={credit.entries.map((entry, i) => ({
                        key: i,
                        children: (
                          <span>
                            {fmt.dateTime(entry.at)} · {t(`lessons.credit.entry.${entry.kind}`)}
                            {entry.lesson ? (
                              <>
                                {' · '}
                                <LessonRefText lesson={entry.lesson} fmt={fmt} link={desk} />
                              </>
                            ) : null}
                            {entry.note ? ` · ${entry.note}` : ''}
                          </span>
                        ),
                      }))}
                    />
                  </details>
                </Space>
              </Card>
            </List.Item>
          )}
        />
      )}
      <BookMakeUpDialog
        credit={booking}
        open={booking !== undefined}
        onClose={() => setBooking(undefined)}
        onBooked={() => {
          setBooking(undefined);
          reload();
        }}
        loadOptions={loadOptions}
        book={book}
        teacherTime={desk}
      />
    </div>
  );
}
