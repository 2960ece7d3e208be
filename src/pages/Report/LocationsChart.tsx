import { Column } from '@ant-design/plots';
import type { TLocationReport } from '@/contracts/reports';

/**
 * Sales and teacher salary per location as grouped columns (issue 23). Loaded lazily with
 * @ant-design/plots; the canvas is drawing only: the caller wraps it in a described image and shows
 * the same figures in its table.
 */
export default function LocationsChart({
  report,
  names,
}: {
  report: TLocationReport;
  names: { sales: string; salary: string; none: string };
}) {
  // Chart values are for drawing only: the amounts shown in text stay the server's 2-decimal strings.
  const data = report.locations.flatMap((row) => {
    const location = row.location?.name ?? names.none;
    return [
      { location, series: names.sales, amount: Number(row.sales) },
      { location, series: names.salary, amount: Number(row.salary) },
    ];
  });
  return (
    <Column
      data={data}
      xField="location"
      yField="amount"
      colorField="series"
      group
      height={260}
      scale={{ color: { domain: [names.sales, names.salary], range: ['#1677ff', '#fa8c16'] } }}
      axis={{ x: { title: false, labelAutoRotate: false, labelAutoHide: true }, y: { title: false } }}
      legend={{ color: { position: 'top' } }}
    />
  );
}
