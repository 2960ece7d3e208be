import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { useState } from 'react';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TClosure, TClosureClass } from '@/contracts/closures';
import { closureClasses, deleteClosure, listClosures } from '@/services/closures';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import ClosureClasses from './ClosureClasses';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const ClosureForm = lazyForm(() => import('./ClosureForm'));

/** /schedule/closures: the days the centre is closed; new weekly series skip them. */
export default function ClosuresPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const editor = useRecordEditor<TClosure>();
  const [shown, setShown] = useState<{ closure: TClosure; classes: TClosureClass[] }>();

  const remove = async (closure: TClosure) => {
    if (await runWithMessages('delete', () => deleteClosure(closure.id))) editor.reload();
  };
  const showClasses = async (closure: TClosure) => setShown({ closure, classes: await closureClasses(closure.id) });
  const rowActions = (closure: TClosure): RowAction[] => [
    {
      key: 'classes',
      label: t('notify.closure.classes'),
      disabledReason: closure.classCount ? undefined : t('notify.closure.noClasses'),
      onClick: () => showClasses(closure),
    },
    { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(closure) },
    {
      key: 'delete',
      label: t('common.delete'),
      danger: true,
      confirm: t('notify.closure.confirmDelete'),
      onClick: () => remove(closure),
    },
  ];
  const columns: ProColumns<TClosure>[] = [
    { title: t('notify.closure.name'), dataIndex: 'name', width: 240, ellipsis: true },
    {
      title: t('notify.closure.startDate'),
      dataIndex: 'startDate',
      sorter: true,
      width: 120,
      render: (_, c) => format.date(c.startDate),
    },
    { title: t('notify.closure.endDate'), dataIndex: 'endDate', width: 120, render: (_, c) => format.date(c.endDate) },
    { title: t('notify.closure.classCount'), dataIndex: 'classCount', width: 160 },
  ];

  return (
    <RecordListPage<TClosure>
      listKey="closures"
      title={t('notify.closure.title')}
      actionRef={editor.actionRef}
      columns={columns}
      request={listClosures}
      create={{ label: t('notify.closure.new'), onClick: editor.create }}
      rowActions={rowActions}
      emptyText={t('notify.closure.empty')}
    >
      <ClosureForm {...editor.formProps} onClasses={(closure, classes) => setShown({ closure, classes })} />
      <ClosureClasses shown={shown} onClose={() => setShown(undefined)} onChanged={editor.reload} />
    </RecordListPage>
  );
}
