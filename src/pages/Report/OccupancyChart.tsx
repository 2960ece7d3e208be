import { Column } from '@ant-design/plots';
import type { TRoomOccupancy } from '@/contracts/reports';

/**
 * Occupancy per ISO week, one column per room in each week (issue 23). Loaded lazily with
 * @ant-design/plots; the caller describes it and shows the same figures in a table.
 */
export default function OccupancyChart({
  report,
  weekLabel,
}: {
  report: TRoomOccupancy;
  weekLabel: (week: { week: string; monday: string }) => string;
}) {
  const labels = new Map(report.weeks.map((w) => [w.week, weekLabel(w)]));
  const data = report.rooms.flatMap((r) =>
    r.weeks.map((w) => ({
      week: labels.get(w.week) ?? w.week,
      room: `${r.location.name} · ${r.room.name}`,
      percent: w.percent,
    })),
  );
  return (
    <Column
      data={data}
      xField="week"
      yField="percent"
      colorField="room"
      group
      height={280}
      scale={{ y: { domainMin: 0, nice: true } }}
      axis={{
        x: { title: false, labelAutoRotate: false, labelAutoHide: true },
        y: { title: false, labelFormatter: (v: number) => `${v}%` },
      }}
      legend={{ color: { position: 'top' } }}
    />
  );
}
