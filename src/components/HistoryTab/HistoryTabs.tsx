import { Col, Row, Tabs } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { TAuditEntity } from '@/contracts/audit';

// Loaded when the History tab first opens: the form itself never needs it.
const HistoryTab = lazy(() => import('./index'));

export interface HistoryTabsProps {
  /** The form's modal is open (closing it returns to Details). */
  open: boolean;
  /** The record whose history to show; none (a new record): no tabs, the fields alone. */
  history?: { entity: TAuditEntity; id: number };
  /** In a grid form (ProForm `grid`): the parts are columns of its row, the fields get a row of their own. */
  grid?: boolean;
  t: (id: string) => string;
  children: ReactNode;
}

/** A form's fields under tabs "Details" | "History" when the record has a history to show. */
export default function HistoryTabs({ open, history, grid = false, t, children }: HistoryTabsProps) {
  const [tab, setTab] = useState('details');
  useEffect(() => {
    if (!open) setTab('details');
  }, [open]);
  if (!history) return <>{children}</>;
  const Part = grid ? Col : 'div';
  const part = grid ? { span: 24 } : {};
  return (
    <>
      <Part {...part}>
        <Tabs
          className="record-form-tabs"
          activeKey={tab}
          onChange={setTab}
          size="small"
          items={[
            { key: 'details', label: t('audit.tab.details') },
            { key: 'history', label: t('audit.tab.history') },
          ]}
        />
      </Part>
      {/* Hidden, not unmounted: the fields keep their values and rules while the history shows. */}
      <Part {...part} style={tab === 'details' ? undefined : { display: 'none' }}>
        {grid ? <Row gutter={16}>{children}</Row> : children}
      </Part>
      {tab === 'history' && (
        <Part {...part}>
          <Suspense fallback={null}>
            <HistoryTab entity={history.entity} id={history.id} />
          </Suspense>
        </Part>
      )}
    </>
  );
}
