import { ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { MAX_ROOM_SEATS, type TRoom, type TRoomBody } from '@/contracts/locations';
import { createRoom, updateRoom } from '@/services/locations';
import { forgetLocations, useLocations } from '@/utils/useLocations';

/** Add or edit a room; the location is chosen only when the centre has more than one. */
export default function RoomForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TRoom>) {
  const [form] = Form.useForm<TRoomBody>();
  const { t, required, max } = useFormRules();
  const { locations, many } = useLocations();
  // An inactive location keeps its rooms: editing one of them shows its location too.
  const options = locations.map((l) => ({ value: l.id, label: l.name }));
  if (record && !options.some((o) => o.value === record.locationId))
    options.push({ value: record.locationId, label: record.locationName });
  const save = async (values: TRoomBody) => {
    const body = { ...values, locationId: values.locationId ?? record?.locationId ?? locations[0]?.id };
    const saved = record ? await updateRoom(record.id, body) : await createRoom(body);
    forgetLocations();
    return saved;
  };
  return (
    <RecordForm<TRoomBody>
      kind="room"
      open={open}
      editing={!!record}
      form={form}
      initialValues={
        record
          ? { locationId: record.locationId, name: record.name, capacity: record.capacity, active: record.active }
          : { locationId: locations.length === 1 ? locations[0].id : undefined, active: true }
      }
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      {many || (record && !locations.some((l) => l.id === record.locationId)) ? (
        <ProFormSelect
          name="locationId"
          label={t('rooms.location')}
          options={options}
          allowClear={false}
          rules={[required(t('rooms.location'))]}
        />
      ) : (
        <ProFormText name="locationId" hidden />
      )}
      <ProFormText name="name" label={t('rooms.name')} rules={[required(t('rooms.name')), max(100)]} />
      <ProFormDigit
        name="capacity"
        label={t('rooms.capacity')}
        extra={t('rooms.capacity.help')}
        min={1}
        max={MAX_ROOM_SEATS}
        fieldProps={{ precision: 0 }}
        rules={[required(t('rooms.capacity'))]}
      />
      <ProFormSwitch name="active" label={t('locations.active')} extra={t('rooms.active.help')} />
    </RecordForm>
  );
}
