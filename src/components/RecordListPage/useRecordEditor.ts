import type { ActionType } from '@ant-design/pro-components';
import { useRef, useState } from 'react';

/**
 * The state of a list page's record form: which record it edits (none for a new one), and the
 * props every record form takes (`open`, `record`, `onClose`, `onSaved`). Saving reloads the list.
 */
export function useRecordEditor<T>() {
  const actionRef = useRef<ActionType>();
  const [editing, setEditing] = useState<{ record?: T }>();
  const reload = () => actionRef.current?.reload();
  return {
    /** Give to RecordListPage's `actionRef`. */
    actionRef,
    reload,
    create: () => setEditing({}),
    edit: (record: T) => setEditing({ record }),
    formProps: {
      open: !!editing,
      record: editing?.record,
      onClose: () => setEditing(undefined),
      onSaved: reload,
    },
  };
}
