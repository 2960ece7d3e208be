import { useIntl } from '@umijs/max';
import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import type { ListResult, Query } from '@/services/http';

interface PagedCardProps<T> {
  /** The card's title; the total follows it in brackets once loaded. */
  title: string;
  extra?: ReactNode;
  columns: ColumnsType<T>;
  load: (query: Query) => Promise<ListResult<T>>;
  pageSize: number;
  emptyText: string;
  /** A change of this value goes back to page 1 and loads again (a new threshold). */
  reloadKey?: unknown;
  testId?: string;
  /** The table's least width: a narrower card (a phone) scrolls it sideways instead of squeezing it. */
  minWidth?: number;
  /** Called once a page is drawn (or has failed): the dashboard looks for its charts once every card is. */
  onLoaded?: () => void;
}

/** A dashboard card with a short server-paged table: one page at a time, the total in the title. */
export default function PagedCard<T extends { id: number }>(props: PagedCardProps<T>) {
  const { load, pageSize, reloadKey, onLoaded } = props;
  const [page, setPage] = useState(1);
  const [reply, setReply] = useState<ListResult<T>>();
  const intl = useIntl();
  // A capped count (issue 24) reads "more than 1,000".
  const total =
    reply &&
    (reply.totalCapped
      ? intl.formatMessage({ id: 'listLimits.moreThan' }, { count: intl.formatNumber(reply.total - 1) })
      : String(reply.total));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey only restarts at page 1.
  useEffect(() => setPage(1), [reloadKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey reloads the same page 1.
  useEffect(() => {
    // Only the latest request shows: a page left while loading does not overwrite the next one.
    let current = true;
    load({ current: page, pageSize })
      .then((next) => current && setReply(next))
      .catch(() => current && setReply({ data: [], total: 0, success: true }));
    return () => {
      current = false;
    };
  }, [load, page, pageSize, reloadKey]);
  // After the commit that drew the rows, so that the card has its height by then.
  useEffect(() => {
    if (reply) onLoaded?.();
  }, [reply, onLoaded]);

  return (
    <Card
      title={`${props.title}${total ? ` (${total})` : ''}`}
      size="small"
      extra={props.extra}
      style={{ height: '100%' }}
    >
      <Table<T>
        rowKey="id"
        size="small"
        columns={props.columns}
        dataSource={reply?.data}
        loading={!reply}
        locale={{ emptyText: props.emptyText }}
        scroll={props.minWidth ? { x: props.minWidth } : undefined}
        pagination={{
          current: page,
          pageSize,
          total: reply?.total,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        data-testid={props.testId}
      />
    </Card>
  );
}
