import type { ProColumns } from '@ant-design/pro-components';
import { useIntl, useSearchParams } from '@umijs/max';
import { Tag } from 'antd';
import RecordListPage from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TRoom } from '@/contracts/locations';
import { listRooms } from '@/services/locations';
import { useLocations } from '@/utils/useLocations';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const RoomForm = lazyForm(() => import('./RoomForm'));

/** /locations/rooms: the rooms of the centre's locations (admins); the location column and filter only with several. */
export default function RoomsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { locations, many, reload } = useLocations();
  const [search] = useSearchParams();
  const editor = useRecordEditor<TRoom>();
  const statuses = { true: { text: t('common.active') }, false: { text: t('common.inactive') } };
  const fromAddress = Number(search.get('locationId'));
  const columns: ProColumns<TRoom>[] = [
    ...(many
      ? [{ title: t('rooms.location'), dataIndex: 'locationName', width: 180, ellipsis: true } as ProColumns<TRoom>]
      : []),
    { title: t('rooms.name'), dataIndex: 'name', sorter: true, width: 160, ellipsis: true },
    { title: t('rooms.capacity'), dataIndex: 'capacity', sorter: true, width: 90, align: 'right' },
    { title: t('locations.upcoming'), dataIndex: 'upcomingClasses', width: 130, align: 'right' },
    {
      title: t('locations.status'),
      dataIndex: 'active',
      width: 90,
      render: (_, r) => (r.active ? <Tag color="green">{t('common.active')}</Tag> : <Tag>{t('common.inactive')}</Tag>),
    },
  ];
  const filters: ProColumns<TRoom>[] = [
    ...(many
      ? [
          {
            title: t('rooms.location'),
            dataIndex: 'locationId',
            valueType: 'select',
            fieldProps: {
              placeholder: t('rooms.anyLocation'),
              options: locations.map((l) => ({ value: l.id, label: l.name })),
            },
          } as ProColumns<TRoom>,
        ]
      : []),
    { title: t('locations.status'), dataIndex: 'active', valueType: 'select', valueEnum: statuses },
  ];
  return (
    <RecordListPage<TRoom>
      listKey="rooms"
      title={t('rooms.title')}
      actionRef={editor.actionRef}
      columns={columns}
      filters={filters}
      initial={fromAddress ? { filters: { locationId: fromAddress } } : undefined}
      request={listRooms}
      create={{ label: t('rooms.new'), onClick: editor.create }}
      rowActions={(room) => [{ key: 'edit', label: t('common.edit'), onClick: () => editor.edit(room) }]}
      emptyText={t('rooms.empty')}
    >
      <RoomForm
        {...editor.formProps}
        onSaved={() => {
          editor.formProps.onSaved();
          reload();
        }}
      />
    </RecordListPage>
  );
}
