import { Tag } from 'antd';
import type { TBillingCycle, TCycleCentre } from '@/contracts/billing';

type Outcome = TCycleCentre['outcome'];
type CycleStatus = TBillingCycle['status'];

export const OUTCOMES: Outcome[] = ['PENDING', 'CREATED', 'CHARGED', 'FAILED', 'SKIPPED'];
/** Locale ids written out, so the locale test sees each. */
export const OUTCOME_IDS: Record<Outcome, string> = {
  PENDING: 'billingCycles.outcome.PENDING',
  CREATED: 'billingCycles.outcome.CREATED',
  CHARGED: 'billingCycles.outcome.CHARGED',
  FAILED: 'billingCycles.outcome.FAILED',
  SKIPPED: 'billingCycles.outcome.SKIPPED',
};
const OUTCOME_COLOURS: Record<Outcome, string> = {
  PENDING: 'default',
  CREATED: 'blue',
  CHARGED: 'green',
  FAILED: 'red',
  SKIPPED: 'orange',
};

export const CYCLE_STATUS_IDS: Record<CycleStatus, string> = {
  ACTIVE: 'billingCycles.status.ACTIVE',
  RUNNING: 'billingCycles.status.RUNNING',
  COMPLETED: 'billingCycles.status.COMPLETED',
  CANCELLED: 'billingCycles.status.CANCELLED',
};
const CYCLE_STATUS_COLOURS: Record<CycleStatus, string> = {
  ACTIVE: 'blue',
  RUNNING: 'processing',
  COMPLETED: 'success',
  CANCELLED: 'default',
};

type T = (id: string) => string;

export function OutcomeTag({ outcome, t }: { outcome: Outcome; t: T }) {
  return (
    <Tag color={OUTCOME_COLOURS[outcome]} className={`cycle-outcome cycle-outcome-${outcome}`}>
      {t(OUTCOME_IDS[outcome])}
    </Tag>
  );
}

export function CycleStatusTag({ status, t }: { status: CycleStatus; t: T }) {
  return <Tag color={CYCLE_STATUS_COLOURS[status]}>{t(CYCLE_STATUS_IDS[status])}</Tag>;
}
