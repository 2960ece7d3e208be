import { FilePdfOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Button, Card, Empty, Flex, Pagination, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import PageContainer from '@/components/PageContainer';
import type { TPortalLedgerEntry } from '@/contracts/portal';
import { childLedger, downloadReceipt, familyPayments } from '@/services/portal';
import type { Formatter } from '@/utils/format';
import { useFormat } from '@/utils/useFormat';
import Statements from './components/Statements';
import {
  AttendanceTag,
  ChildPicker,
  Failed,
  OfflineNote,
  useChild,
  useDownload,
  useHome,
  useLoad,
  useT,
  whenText,
} from './components/shared';

const PAGE_SIZE = 20;

function EntryCard({ entry, fmt, childId }: { entry: TPortalLedgerEntry; fmt: Formatter; childId: number }) {
  const t = useT();
  const download = useDownload();
  const credit = !entry.amount.startsWith('-');
  return (
    <Card size="small" style={{ marginBottom: 8 }} data-testid="ledger-entry">
      <Flex justify="space-between" align="baseline" gap={8}>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong>{t(`portal.kind.${entry.kind}`)}</Typography.Text>
          <Typography.Text type="secondary">{fmt.date(entry.date)}</Typography.Text>
        </Flex>
        <Typography.Text strong style={{ color: credit ? '#237804' : '#a8071a', whiteSpace: 'nowrap' }}>
          {credit ? '+' : ''}
          {fmt.money(entry.amount)}
        </Typography.Text>
      </Flex>
      {entry.lesson ? (
        <Flex vertical gap={2} style={{ marginTop: 6 }}>
          <Link to={`/family/lessons?child=${childId}`}>
            {entry.lesson.course} · {whenText(fmt, entry.lesson)}
          </Link>
          <Typography.Text>{t('portal.lesson.with', { teacher: entry.lesson.teacher })}</Typography.Text>
          {entry.price ? (
            <Typography.Text>{t('portal.balance.price', { price: fmt.money(entry.price) })}</Typography.Text>
          ) : entry.hours && entry.rate ? (
            <Typography.Text>
              {t('portal.balance.hoursAtRate', { hours: Number(entry.hours).toString(), rate: fmt.money(entry.rate) })}
            </Typography.Text>
          ) : null}
          <div>
            <AttendanceTag attendance={entry.attendance} />
          </div>
        </Flex>
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 6 }}>
        <Typography.Text type="secondary">
          {t('portal.balance.after', { amount: fmt.money(entry.balanceAfter) })}
        </Typography.Text>
        {entry.hasReceipt && entry.purchaseId !== null ? (
          <Button
            size="small"
            icon={<FilePdfOutlined />}
            onClick={() => download(() => downloadReceipt(entry.purchaseId as number))}
          >
            {t('portal.balance.receipt')}
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
}

/**
 * "Top up by card" where the centre takes cards; where it does not, the same place says to pay at the
 * front desk, rather than a button that leads there (issue 37, finding 9). Nothing while it loads.
 */
function TopUpAction() {
  const t = useT();
  const { load } = useLoad(familyPayments, 'payments');
  if (load.state !== 'loaded') return null;
  return load.value.available ? (
    <Link to="/family/top-up">
      <Button>{t('portal.balance.topUp')}</Button>
    </Link>
  ) : (
    <Typography.Text type="secondary" className="top-up-at-desk" style={{ maxWidth: 360 }}>
      {t('portal.topUp.unavailable', { centre: load.value.centre.name })}
    </Typography.Text>
  );
}

/** /family/balance: a child's balance and its history in family words, with receipts. */
export default function FamilyBalance() {
  const t = useT();
  const fmt = useFormat();
  const home = useHome();
  const children = home.load.state === 'loaded' ? home.load.value.children : undefined;
  const [child, pick] = useChild(children);
  const [page, setPage] = useState(1);
  const { load, reload } = useLoad(
    () => (child ? childLedger(child, { current: page, pageSize: PAGE_SIZE }) : Promise.resolve(undefined)),
    `${child}-${page}`,
    `ledger-${child}-${page}`,
  );
  const ledger = load.state === 'loaded' ? load.value : undefined;
  return (
    <PageContainer title={t('portal.balance.title')}>
      {home.load.state === 'failed' ? <Failed onRetry={home.reload} /> : null}
      {children ? (
        <ChildPicker
          kids={children}
          value={child}
          onChange={(id) => {
            setPage(1);
            pick(id);
          }}
        />
      ) : null}
      {load.state === 'loaded' ? <OfflineNote savedAt={load.savedAt} fmt={fmt} /> : null}
      {load.state === 'failed' ? <Failed onRetry={reload} /> : null}
      {load.state === 'loading' || home.load.state === 'loading' ? <Skeleton active /> : null}
      {ledger && child ? (
        <>
          <Card size="small" style={{ marginBottom: 16 }}>
            <Flex justify="space-between" align="end" wrap gap={8}>
              <Statistic
                title={`${ledger.child.name} · ${t('portal.balance.current')}`}
                value={fmt.money(ledger.balance)}
              />
              <TopUpAction />
            </Flex>
          </Card>
          {ledger.data.length === 0 ? <Empty description={t('portal.balance.empty')} /> : null}
          {ledger.data.map((entry) => (
            <EntryCard key={entry.id} entry={entry} fmt={fmt} childId={child} />
          ))}
          {ledger.total > PAGE_SIZE ? (
            <Pagination simple current={page} pageSize={PAGE_SIZE} total={ledger.total} onChange={setPage} />
          ) : null}
        </>
      ) : null}
      <Statements />
    </PageContainer>
  );
}
