import { Link, useIntl } from '@umijs/max';
import type { ColumnsType } from 'antd/es/table';
import { useCallback } from 'react';
import type { TUnpaidTermRegister } from '@/contracts/dashboard';
import type { Query } from '@/services/http';
import { useFormat } from '@/utils/useFormat';
import { unpaidTermRegisters } from '../service';
import PagedCard from './PagedCard';

const PAGE_SIZE = 4;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Unpaid term registrations, newest first; the student opens on their dashboard (term register tab). */
export default function UnpaidTerms({ locationId, onLoaded }: { locationId?: number; onLoaded?: () => void }) {
  const load = useCallback(
    (q: Query) => unpaidTermRegisters({ ...q, ...(locationId ? { locationId } : {}) }),
    [locationId],
  );
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();

  const columns: ColumnsType<TUnpaidTermRegister> = [
    {
      title: t('dashboard.unpaid.student'),
      key: 'student',
      ellipsis: true,
      render: (_, r) => <Link to={`/student/studentDashboard/${r.student.id}`}>{r.student.name}</Link>,
    },
    {
      title: t('names.term.column'),
      key: 'term',
      // Wrapped, never cut: "Piano for Begi…" could be either of two terms.
      render: (_, r) => (
        <span title={`${r.termName} (${format.date(r.termStart)} – ${format.date(r.termEnd)})`}>{r.termName}</span>
      ),
    },
    {
      title: t('dashboard.unpaid.price'),
      key: 'price',
      align: 'right',
      width: 100,
      render: (_, r) => <span style={nowrap}>{format.money(r.price)}</span>,
    },
  ];
  return (
    <PagedCard<TUnpaidTermRegister>
      title={t('dashboard.unpaid.title')}
      extra={<Link to="/termRegister">{t('dashboard.unpaid.all')}</Link>}
      columns={columns}
      load={load}
      reloadKey={locationId}
      pageSize={PAGE_SIZE}
      emptyText={t('dashboard.unpaid.empty')}
      onLoaded={onLoaded}
    />
  );
}
