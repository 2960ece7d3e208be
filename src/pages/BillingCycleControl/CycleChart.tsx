import { Column } from '@ant-design/plots';
import { useIntl } from '@umijs/max';
import { Card } from 'antd';
import type { TBillingCycle } from '@/contracts/billing';
import { OUTCOME_IDS } from './labels';

const OUTCOMES = ['CHARGED', 'CREATED', 'FAILED', 'SKIPPED'] as const;
const COLOURS = ['#52c41a', '#1677ff', '#ff4d4f', '#faad14'];

/** The shown cycles' (that ran) centres by outcome, one stacked column per cycle, oldest on the left. */
export default function CycleChart({ cycles }: { cycles: TBillingCycle[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const names = OUTCOMES.map((outcome) => t(OUTCOME_IDS[outcome]));
  // Cycles that ran: a cancelled one billed nobody.
  const ran = cycles.filter((cycle) => cycle.status === 'COMPLETED' || cycle.status === 'RUNNING');
  const data = [...ran].reverse().flatMap((cycle) =>
    OUTCOMES.map((outcome, i) => ({
      cycle: cycle.startDate,
      outcome: names[i],
      centres: cycle.counts[outcome],
    })),
  );
  return (
    <Card size="small" title={t('billingCycles.chart.title')} className="cycle-chart">
      <Column
        data={data}
        xField="cycle"
        yField="centres"
        colorField="outcome"
        stack
        height={200}
        scale={{ color: { domain: names, range: COLOURS } }}
        axis={{ x: { title: false, labelAutoRotate: false, labelAutoHide: true }, y: { title: false } }}
        legend={{ color: { position: 'top' } }}
      />
    </Card>
  );
}
