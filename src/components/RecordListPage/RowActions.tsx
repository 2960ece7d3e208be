import { Link } from '@umijs/max';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** One button of a row's actions column. */
export interface RowAction {
  /** Unique within the row; also the default test hook. */
  key: string;
  label: string;
  /** What the button does; with `confirm`, only once the user has confirmed. */
  onClick?: () => unknown;
  /** A page to open instead of `onClick`: rendered as a real link (middle-click, copy address). */
  to?: string;
  /** Asks this question first; the confirm button repeats the action's label. */
  confirm?: ReactNode;
  danger?: boolean;
  /**
   * Why the server would refuse this action for this row (e.g. "You cannot deactivate your own
   * account"): the action stays visible but disabled, with the reason as its tooltip.
   */
  disabledReason?: string;
}

function RowActionButton({ action }: { action: RowAction }) {
  if (action.to && !action.disabledReason) {
    return (
      <Link to={action.to} style={{ padding: '0 7px' }}>
        {action.label}
      </Link>
    );
  }
  const button = (
    <Button
      type="link"
      size="small"
      danger={action.danger}
      disabled={!!action.disabledReason}
      onClick={action.confirm ? undefined : () => action.onClick?.()}
    >
      {action.label}
    </Button>
  );
  if (action.disabledReason) {
    // A disabled button fires no mouse events: the wrapper gives the tooltip something to hover.
    return (
      <Tooltip title={action.disabledReason}>
        <span>{button}</span>
      </Tooltip>
    );
  }
  if (!action.confirm) return button;
  return (
    <Popconfirm
      title={action.confirm}
      okText={action.label}
      okButtonProps={{ danger: action.danger }}
      onConfirm={() => action.onClick?.()}
    >
      {button}
    </Popconfirm>
  );
}

let canvas: HTMLCanvasElement | undefined;
function textWidth(text: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return text.length * 8;
  context.font = `14px ${getComputedStyle(document.body).fontFamily}`;
  return context.measureText(text).width;
}

/**
 * The width the pinned actions column needs for the widest row (and its title): pinned columns
 * need a width, and a guess either wastes the room the data needs or wraps the buttons.
 */
export function actionsColumnWidth(rows: RowAction[][], title: string): number {
  const cellPadding = 32; // 16 px each side
  const buttonPadding = 16; // a small link button: 7 px padding and 1 px border each side
  const widest = Math.max(
    textWidth(title),
    ...rows.map((actions) => actions.reduce((sum, a) => sum + textWidth(a.label) + buttonPadding, 0)),
  );
  return Math.ceil(widest + cellPadding + 2);
}

/** The buttons of one row, on one line (the column is pinned right and must not grow taller). */
export default function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Space size={0} style={{ whiteSpace: 'nowrap' }}>
      {actions.map((action) => (
        <RowActionButton key={action.key} action={action} />
      ))}
    </Space>
  );
}
