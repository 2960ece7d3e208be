import { ProFormSelect } from '@ant-design/pro-components';
import { Col, Form, type FormInstance, type Modal } from 'antd';
import { useEffect } from 'react';
import type { TSchedule, TScheduleWriteReply } from '@/contracts/schedules';
import { isErrorReply, toRequestFailure } from '@/utils/requestError';
import type { Locations } from '@/utils/useLocations';
import type { ScheduleValues } from './values';

type T = (id: string, values?: Record<string, string | number>) => string;

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/**
 * A 409 `roomcapacity` (the class is larger than its room): asks whether to save anyway, like the
 * seat override. True: save again with the override; false: not that refusal, or the user declined.
 */
export async function askRoomCapacity(modal: ModalApi, error: unknown, t: T): Promise<boolean> {
  const failure = toRequestFailure(error);
  if (failure.status !== 409 || !isErrorReply(failure.body) || failure.body.errorKey !== 'roomcapacity') return false;
  return modal.confirm({
    title: t('places.roomCapacity.title'),
    content: failure.body.errorMessage,
    okText: t('places.roomCapacity.saveAnyway'),
    okButtonProps: { danger: true },
    cancelText: t('places.roomCapacity.change'),
    wrapClassName: 'room-capacity-dialog',
    zIndex: 1100,
  });
}

/** The warnings of a save about where (travel between locations, a location the teacher does not work at). */
export function placeWarnings(reply: TScheduleWriteReply, minutes: number, t: T): string[] {
  const warnings: string[] = [];
  const travel = reply.tooLittleTravel ?? [];
  if (travel.length)
    warnings.push(
      t('places.saved.tooLittleTravel', {
        count: new Set(travel.map((w) => w.startAt)).size,
        minutes,
        location: [...new Set(travel.map((w) => w.otherLocation))].join(', '),
      }),
    );
  if (reply.notTheirLocation) warnings.push(t('places.saved.notTheirLocation'));
  return warnings;
}

/** The location a new class starts at: the operator's first site, else the centre's first location. */
export function firstLocationOf(places: Locations): number | undefined {
  const own = places.sites?.find((id) => places.locations.some((l) => l.id === id));
  return own ?? places.locations[0]?.id;
}

/**
 * Where a class is held (issue 23): the location (shown only when the centre has several) and the
 * room (shown when the chosen location has rooms). A new location clears the room; a room fills an
 * empty capacity of a group class with its seats.
 */
export default function PlaceFields({
  form,
  record,
  places,
  t,
}: {
  form: FormInstance<ScheduleValues>;
  record?: TSchedule;
  places: Locations;
  t: T;
}) {
  const locationId = Form.useWatch('locationId', form);
  useEffect(() => {
    if (!record && places.loaded && form.getFieldValue('locationId') === undefined) {
      const first = firstLocationOf(places);
      if (first !== undefined && places.many) form.setFieldValue('locationId', first);
    }
  }, [record, places, form]);

  const location = places.locations.find((l) => l.id === (locationId ?? firstLocationOf(places)));
  // A class kept in a room since deactivated still shows that room.
  const rooms = [...(location?.rooms ?? [])];
  if (record?.room && record.location?.id === location?.id && !rooms.some((r) => r.id === record.room?.id))
    rooms.push({ id: record.room.id, name: record.room.name, capacity: 0 });
  const locations = places.locations.map((l) => ({ value: l.id, label: l.name }));
  if (record?.location && !locations.some((l) => l.value === record.location?.id))
    locations.push({ value: record.location.id, label: record.location.name });

  return (
    <>
      {places.many && (
        <Col span={12}>
          <ProFormSelect
            name="locationId"
            label={t('places.field.location')}
            allowClear={false}
            options={locations}
            fieldProps={{
              className: 'schedule-location',
              onChange: () => form.setFieldValue('roomId', null),
            }}
          />
        </Col>
      )}
      {rooms.length > 0 && (
        <Col span={12}>
          <ProFormSelect
            name="roomId"
            label={t('places.field.room')}
            placeholder={t('places.field.room.none')}
            options={rooms.map((r) => ({
              value: r.id,
              label: r.capacity ? t('places.room.seats', { name: r.name, seats: r.capacity }) : r.name,
            }))}
            fieldProps={{
              className: 'schedule-room',
              allowClear: true,
              onChange: (id: unknown) => {
                const room = rooms.find((r) => r.id === id);
                if (!room?.capacity || form.getFieldValue('courseType') !== 'GROUP') return;
                const capacity = form.getFieldValue('capacity');
                if (capacity === undefined || capacity === null || capacity === '')
                  form.setFieldValue('capacity', room.capacity);
              },
            }}
          />
        </Col>
      )}
    </>
  );
}
