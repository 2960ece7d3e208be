import { Bar, Column } from '@ant-design/plots';
import type { ComponentProps } from 'react';

export type PlotProps =
  | ({ kind: 'column' } & ComponentProps<typeof Column>)
  | ({ kind: 'bar' } & ComponentProps<typeof Bar>);

/**
 * One dashboard chart drawn by @ant-design/plots (G2): the only module that imports the library, loaded
 * lazily by Charts.tsx once the charts come near the screen, so that the dashboard's first load carries
 * neither G2 (~400 kB compressed with its helpers) nor its drawing.
 */
export default function Plot({ kind, ...config }: PlotProps) {
  return kind === 'bar' ? <Bar {...(config as ComponentProps<typeof Bar>)} /> : <Column {...config} />;
}
