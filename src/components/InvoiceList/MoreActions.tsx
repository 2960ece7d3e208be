import { DownOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Button, Dropdown, type MenuProps, Modal } from 'antd';
import type { RowAction } from '@/components/RecordListPage';

/** The room the More button's arrow takes beside its label (a 14 px icon and the 8 px gap). */
export const MORE_ICON_WIDTH = 22;

/**
 * A row's rarer actions under a More button: a click or Enter opens the menu with the first item
 * focused (arrows move, Enter chooses, Escape closes). An action with `confirm` asks first; one
 * with `disabledReason` is greyed with the reason as its tooltip.
 */
export default function MoreActions({ label, actions }: { label: string; actions: RowAction[] }) {
  const intl = useIntl();
  const byKey = new Map(actions.map((action) => [action.key, action]));
  const items: MenuProps['items'] = actions.map((action) => ({
    key: action.key,
    danger: action.danger,
    disabled: !!action.disabledReason,
    title: action.disabledReason,
    label: action.label,
  }));
  const choose: MenuProps['onClick'] = ({ key }) => {
    const action = byKey.get(key);
    if (!action || action.disabledReason) return;
    if (!action.confirm) return void action.onClick?.();
    Modal.confirm({
      title: action.confirm,
      okText: action.label,
      okButtonProps: { danger: action.danger },
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
      onOk: () => action.onClick?.(),
    });
  };
  return (
    <Dropdown trigger={['click']} placement="bottomRight" autoFocus menu={{ items, onClick: choose }}>
      <Button type="link" size="small" className="invoice-more" icon={<DownOutlined />} iconPosition="end">
        {label}
      </Button>
    </Dropdown>
  );
}
