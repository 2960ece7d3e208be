import type { ProColumns } from '@ant-design/pro-components';
import { Link, useIntl } from '@umijs/max';
import { Tag } from 'antd';
import RecordListPage from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import type { TLocation } from '@/contracts/locations';
import { listLocations } from '@/services/locations';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const LocationForm = lazyForm(() => import('./LocationForm'));

/** /locations/sites: the centre's locations (admins). */
export default function LocationsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const editor = useRecordEditor<TLocation>();
  const statuses = { true: { text: t('common.active') }, false: { text: t('common.inactive') } };
  const columns: ProColumns<TLocation>[] = [
    {
      title: t('locations.name'),
      dataIndex: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      width: 180,
      ellipsis: true,
    },
    { title: t('locations.address'), dataIndex: 'address', width: 260, ellipsis: true },
    { title: t('locations.phone'), dataIndex: 'phone', width: 140, ellipsis: true },
    {
      title: t('locations.rooms'),
      dataIndex: 'roomCount',
      width: 90,
      align: 'right',
      render: (_, l) => <Link to={`/locations/rooms?locationId=${l.id}`}>{l.roomCount}</Link>,
    },
    { title: t('locations.upcoming'), dataIndex: 'upcomingClasses', width: 130, align: 'right' },
    {
      title: t('locations.status'),
      dataIndex: 'active',
      width: 90,
      render: (_, l) => (l.active ? <Tag color="green">{t('common.active')}</Tag> : <Tag>{t('common.inactive')}</Tag>),
    },
  ];
  const filters: ProColumns<TLocation>[] = [
    { title: t('locations.status'), dataIndex: 'active', valueType: 'select', valueEnum: statuses },
  ];
  return (
    <RecordListPage<TLocation>
      listKey="locations"
      title={t('locations.title')}
      actionRef={editor.actionRef}
      columns={columns}
      filters={filters}
      request={listLocations}
      create={{ label: t('locations.new'), onClick: editor.create }}
      rowActions={(location) => [{ key: 'edit', label: t('common.edit'), onClick: () => editor.edit(location) }]}
      emptyText={t('locations.empty')}
    >
      <LocationForm {...editor.formProps} />
    </RecordListPage>
  );
}
