import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TEmailTemplate } from '@/contracts/email';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import { deleteTemplate, listTemplates } from './service';

const TemplateForm = lazyForm(() => import('./TemplateForm'));

/** Templates (the seed's "Email Template"): saved subjects and bodies with placeholders. */
export default function TemplatesTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const editor = useRecordEditor<TEmailTemplate>();

  const remove = async (template: TEmailTemplate) => {
    if (await runWithMessages('delete', () => deleteTemplate(template.id))) editor.reload();
  };
  const rowActions = (template: TEmailTemplate): RowAction[] => [
    { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(template) },
    {
      key: 'delete',
      label: t('common.delete'),
      danger: true,
      confirm: t('email.template.confirmDelete', { name: template.name }),
      onClick: () => remove(template),
    },
  ];
  const columns: ProColumns<TEmailTemplate>[] = [
    { title: t('email.field.name'), dataIndex: 'name', sorter: true, width: 160, ellipsis: true },
    { title: t('email.field.subject'), dataIndex: 'subject', sorter: true, width: 200, ellipsis: true },
    { title: t('email.field.body'), dataIndex: 'body', width: 200, ellipsis: true },
    { title: t('email.template.updatedBy'), dataIndex: ['updatedBy', 'name'], width: 130, ellipsis: true },
    {
      title: t('email.template.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      width: 140,
      render: (_, x) => format.dateTime(x.updatedAt),
    },
  ];
  return (
    <RecordListPage<TEmailTemplate>
      listKey="email-templates"
      actionRef={editor.actionRef}
      columns={columns}
      request={listTemplates}
      searchPlaceholder={t('email.template.search')}
      create={{ label: t('email.template.new'), onClick: editor.create }}
      rowActions={rowActions}
      emptyText={t('email.template.empty')}
    >
      <TemplateForm {...editor.formProps} />
    </RecordListPage>
  );
}
