import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './calendar.css';
import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { getLocale, useIntl, useSearchParams } from '@umijs/max';
import { Button, Card, message, Space, Typography } from 'antd';
import {
  type ComponentProps,
  type ComponentType,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Calendar, type SlotInfo, type View } from 'react-big-calendar';
import withDragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import PageContainer from '@/components/PageContainer';
import { useCentre } from '@/components/RecordForm/defaults';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { toldText } from '@/components/ScheduleForm/NotifyFields';
import { scheduleRuleText } from '@/components/ScheduleForm/rules';
import { useScheduleDialogs } from '@/components/ScheduleForm/useScheduleDialogs';
import type { ScheduleDefaults } from '@/components/ScheduleForm/values';
import { fromWallDate, knownZone, toWallDate } from '@/components/ScheduleForm/zone';
import type { TAvailability, TSchedule, TScheduleEvent, TScheduleRangeSummary } from '@/contracts/schedules';
import { getAvailability, moveSchedule, scheduleRange } from '@/services/schedules';
import { describeActionFailure } from '@/utils/recordActions';
import { useFormat } from '@/utils/useFormat';
import { useLocations } from '@/utils/useLocations';
import { zoneWords } from '@/utils/zoneWords';
import { useAriaRepair } from './ariaRepair';
import {
  availabilityEvents,
  type BackgroundEvent,
  type CalendarEvent,
  dayCountEvents,
  localizer,
  toEvents,
  visibleRange,
} from './calendar';
import { AgendaEvent, FocusableEvent, OpenEventContext, TimeEvent, useEventText } from './EventContent';
import EventDetails from './EventDetails';
import Filters, { type CalendarFilters, FILTER_KEYS } from './Filters';
import Legend from './Legend';
import { backgroundEventStyle, calendarFormats, eventStyle, isDraggable, VIEWS } from './look';
import {
  type RoomResource,
  roomOf,
  roomResources,
  roomViewProps,
  roomWeekFirstColumn,
  scrollRoomWeekTo,
} from './rooms';
import TooManyClasses from './TooManyClasses';
import { useCalendarMessages } from './useCalendarMessages';

type AnyEvent = CalendarEvent | BackgroundEvent;
// backgroundEventPropGetter is a prop of react-big-calendar 1.x that its @types do not declare.
const DnDCalendar = withDragAndDrop<AnyEvent>(Calendar) as ComponentType<
  ComponentProps<ReturnType<typeof withDragAndDrop<AnyEvent>>> & {
    backgroundEventPropGetter: (event: AnyEvent) => { style?: CSSProperties };
  }
>;
// Loaded on the first New or Edit: the form brings zod and the schemas.
const ScheduleForm = lazyForm(() => import('@/components/ScheduleForm'));

const SCROLL_TO = new Date(1970, 0, 1, 8, 0);
// Null-safe: without resources the library asks for the id of its one stand-in column (null).
const RESOURCE_ID = (resource: object | null) => (resource as RoomResource | null)?.id;
const RESOURCE_TITLE = (resource: object | null) => (resource as RoomResource | null)?.title;
// Month and agenda event boxes cannot take focus: their content does (the week and day boxes are buttons).
// The week and day headers are plain text (the library's columnheader has no row around it there).
const PlainHeader = ({ label }: { label: ReactNode }) => <span>{label}</span>;
const COMPONENTS = {
  event: TimeEvent,
  month: { event: FocusableEvent },
  agenda: { event: AgendaEvent },
  week: { header: PlainHeader },
  work_week: { header: PlainHeader },
  day: { header: PlainHeader },
};
const isOpenKey = (e: { key: string }) => e.key === 'Enter' || e.key === ' ';
// The room view (issue 23): rooms as columns of the day and week views.
const ROOM_VIEWS: View[] = ['day', 'week'];
const resourceOf = (event: AnyEvent) => roomOf(event as { source?: TScheduleEvent });

/** The filters the address names (`?teacherId=3&roomId=7`): whole positive ids only. */
function filtersIn(search: URLSearchParams): CalendarFilters {
  const filters: CalendarFilters = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value && /^[1-9]\d{0,8}$/.test(value)) filters[key] = Number(value);
  }
  return filters;
}
type FormState = { open: boolean; record?: TSchedule; defaults?: ScheduleDefaults; moving?: boolean };

/**
 * /schedule/schedule-calendar: the centre's classes in month, week, work week, day and agenda views,
 * on the centre's wall clock. Only the visible range is fetched; a slot opens a new class, an event
 * its details; dragging moves or resizes (with the series scope and the clash check).
 */
export default function ScheduleCalendarPage() {
  const intl = useIntl();
  const t = useCallback(
    (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  );
  const zone = knownZone(useCentre().timeZone);
  const format = useFormat();
  const ariaRepair = useAriaRepair(t('schedules.calendar.hours'));
  const calendarElement = useRef<HTMLDivElement | null>(null);
  const calendarBox = useCallback(
    (element: HTMLDivElement | null) => {
      calendarElement.current = element;
      ariaRepair(element);
    },
    [ariaRepair],
  );
  const dialogs = useScheduleDialogs();
  // ?date=YYYY-MM-DD&view=week opens on that day and view (a link to a class's week).
  const [search, setSearch] = useSearchParams();
  const sites = useLocations();
  const [view, setView] = useState<View>(() => {
    const asked = search.get('view') as View | null;
    return asked && VIEWS.includes(asked) ? asked : 'month';
  });
  const [date, setDate] = useState(() => {
    const asked = /^(\d{4})-(\d{2})-(\d{2})$/.exec(search.get('date') ?? '');
    return asked ? new Date(Number(asked[1]), Number(asked[2]) - 1, Number(asked[3])) : toWallDate(new Date(), zone);
  });
  // The filters and the room view live in the address too (a link or a reload keeps them).
  const [filters, setFilters] = useState<CalendarFilters>(() => filtersIn(search));
  const [byRoom, setByRoom] = useState(() => search.get('rooms') === '1');
  const writeAddress = (next: CalendarFilters, rooms: boolean) => {
    const params = new URLSearchParams(window.location.search);
    for (const key of FILTER_KEYS) {
      if (next[key] === undefined) params.delete(key);
      else params.set(key, String(next[key]));
    }
    if (rooms) params.set('rooms', '1');
    else params.delete('rooms');
    setSearch(params, { replace: true });
  };
  const changeFilters = (next: CalendarFilters) => {
    setFilters(next);
    writeAddress(next, byRoom);
  };
  const toggleRooms = () => {
    const next = !byRoom;
    setByRoom(next);
    writeAddress(filters, next);
    if (next && !ROOM_VIEWS.includes(view)) setView('day');
  };
  const [classes, setClasses] = useState<TScheduleEvent[]>([]);
  // A range of more classes than the server lists (issue 24): its summary instead of the classes.
  const [summary, setSummary] = useState<TScheduleRangeSummary>();
  const [loading, setLoading] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [form, setForm] = useState<FormState>({ open: false });
  const [detailsId, setDetailsId] = useState<number>();
  const [availability, setAvailability] = useState<TAvailability>();
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  // Worked out on every render, like the calendar's own: the week's first day follows dayjs's locale
  // (Monday in zh-CN), which can be set after the first render. Memoised on the date and view, the range
  // kept a Sunday-first week in zh-CN and the Sunday the calendar shows last was never fetched. The
  // fetch below depends on the range's strings, so an unchanged range asks nothing again.
  const range = visibleRange(date, view);
  const weekStart = range.start.getTime();
  const start = fromWallDate(range.start, zone);
  const end = fromWallDate(range.end, zone);
  const latest = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads is the "ask again" signal after a save or a move.
  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    const params = Object.fromEntries(Object.entries({ start, end, ...filters }).filter(([, v]) => v !== undefined));
    scheduleRange(params as Record<string, string | number>)
      .then((reply) => {
        if (request !== latest.current) return;
        setClasses(Array.isArray(reply) ? reply : []);
        setSummary(Array.isArray(reply) ? undefined : reply);
      })
      .catch(() => {
        if (request !== latest.current) return;
        setClasses([]);
        setSummary(undefined);
      })
      .finally(() => request === latest.current && setLoading(false));
  }, [start, end, filters, reloads]);

  useEffect(() => {
    setAvailability(undefined);
    if (!filters.teacherId) return;
    getAvailability(filters.teacherId).then(setAvailability, () => undefined);
  }, [filters.teacherId]);

  const events = useMemo(() => toEvents(classes, zone), [classes, zone]);
  const dayCounts = useMemo(
    () =>
      summary
        ? dayCountEvents(summary.days, (count) =>
            t('listLimits.calendar.dayCount', { count: intl.formatNumber(count) }),
          )
        : [],
    [summary, t, intl],
  );
  const roomsShown = sites.hasRooms && byRoom && ROOM_VIEWS.includes(view);
  const noRoom = t('roomView.noRoom');
  const resources = useMemo(
    () => (roomsShown ? roomResources(sites.locations, filters, classes, sites.many, noRoom) : undefined),
    [roomsShown, sites.locations, sites.many, filters, classes, noRoom],
  );
  // The week by rooms opens at the chosen day's rooms (scrolled sideways), again when the day, the view
  // or the number of rooms changes; not on every reload, which would undo the person's own scrolling.
  const roomCount = view === 'week' ? (resources?.length ?? 0) : 0;
  useEffect(() => {
    if (roomCount) scrollRoomWeekTo(calendarElement.current, roomWeekFirstColumn(date, new Date(weekStart), roomCount));
  }, [roomCount, date, weekStart]);
  const background = useMemo(
    () =>
      availability && view !== 'month' && view !== 'agenda'
        ? availabilityEvents(availability, range, zone, {
            available: t('schedules.calendar.available'),
            timeOff: t('schedules.calendar.timeOff'),
          })
        : [],
    [availability, view, range, zone, t],
  );
  const messages = useCalendarMessages(t);
  const formats = useMemo(() => calendarFormats(format), [format]);
  const eventText = useEventText();
  const getNow = useCallback(() => toWallDate(new Date(), zone), [zone]);
  const culture = getLocale() === 'zh-CN' ? 'zh-cn' : 'en';

  const onSelectSlot = useCallback(
    (slot: SlotInfo) => {
      const wholeDays = slot.start.getHours() === 0 && slot.end.getHours() === 0 && +slot.end > +slot.start;
      const defaults: ScheduleDefaults = wholeDays
        ? { day: localizer.format(slot.start, 'YYYY-MM-DD') }
        : {
            startAt: fromWallDate(slot.start, zone),
            endAt: fromWallDate(slot.action === 'select' ? slot.end : new Date(+slot.start + 60 * 60_000), zone),
          };
      if (filters.teacherId) defaults.teacherId = filters.teacherId;
      if (filters.courseId) defaults.courseId = filters.courseId;
      setForm({ open: true, defaults });
    },
    [zone, filters.teacherId, filters.courseId],
  );
  const onSelectEvent = useCallback((event: CalendarEvent | BackgroundEvent) => {
    if ('source' in event) setDetailsId(event.id);
    else if (event.kind === 'dayCount') {
      // A day's count opens that day (fewer classes: listed if they are few enough).
      setDate(event.start);
      setView('day');
    }
  }, []);
  const onKeyPressEvent = useCallback((event: AnyEvent, e: SyntheticEvent<HTMLElement>) => {
    if (!('source' in event) || !isOpenKey(e as KeyboardEvent<HTMLElement>)) return;
    e.preventDefault();
    setDetailsId(event.id);
  }, []);
  const tooltip = useCallback((event: AnyEvent) => ('source' in event ? eventText(event) : event.title), [eventText]);

  const move = async ({
    event,
    start: newStart,
    end: newEnd,
    resourceId,
  }: EventInteractionArgs<CalendarEvent | BackgroundEvent> & { resourceId?: number | string }) => {
    if (!('source' in event)) return;
    // A drag changes times; the room is changed in the class's form (with its clash check).
    if (resources && resourceId !== undefined && resourceId !== roomOf(event)) {
      message.info(t('roomView.otherRoom'));
      return;
    }
    const startAt = fromWallDate(new Date(newStart), zone);
    const endAt = fromWallDate(new Date(newEnd), zone);
    // Every move is confirmed: the series scope (for a series) and whom to tell.
    const choice = await dialogs.askScope({
      move: true,
      notify: true,
      series: event.source.seriesId !== null,
      detail: t('notify.moveTo', { time: `${format.dateTime(startAt)}–${format.dateTime(endAt).slice(11)}` }),
    });
    if (!choice) return;
    const { scope, notify } = choice;
    // Drawn at its new place at once; the reload afterwards shows what the server kept.
    setClasses((list) => list.map((c) => (c.id === event.id ? { ...c, startAt, endAt } : c)));
    try {
      const reply = await dialogs.withConflicts((override) =>
        moveSchedule(event.id, { startAt, endAt, scope, override, notify }),
      );
      if (reply) {
        message.success(`${t('schedules.saved.moved')} ${toldText(t, reply.told)}`);
        if (reply.outsideAvailability.length)
          message.warning(t('schedules.saved.outsideAvailability', { count: reply.outsideAvailability.length }));
      }
    } catch (error) {
      message.error(scheduleRuleText(describeActionFailure(error, 'update', [], t).content, t));
    } finally {
      reload();
    }
  };

  const closeDetails = useCallback(() => setDetailsId(undefined), []);
  return (
    <PageContainer
      title={t('menu.schedule.schedule-calendar')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, defaults: {} })}>
          {t('schedules.calendar.new')}
        </Button>
      }
    >
      <Card styles={{ body: { padding: 16 } }}>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <Space wrap align="center">
              <Filters value={filters} onChange={changeFilters} sites={sites} />
              {sites.hasRooms && (
                <Button
                  icon={<AppstoreOutlined />}
                  type={byRoom ? 'primary' : 'default'}
                  aria-pressed={byRoom}
                  title={t('roomView.rooms.hint')}
                  onClick={toggleRooms}
                >
                  {t('roomView.rooms')}
                </Button>
              )}
            </Space>
            <Typography.Text type="secondary">{t('names.zone.times', zoneWords(zone, intl.locale))}</Typography.Text>
          </Space>
          <Legend events={events} />
          {summary && (
            <TooManyClasses
              summary={summary}
              onTeacher={(teacherId) => changeFilters({ ...filters, teacherId })}
              onLocation={(locationId) => changeFilters({ ...filters, locationId })}
            />
          )}
          <OpenEventContext.Provider value={setDetailsId}>
            <div
              ref={calendarBox}
              className="schedule-calendar"
              aria-busy={loading}
              style={{ height: 'max(600px, calc(100vh - 270px))' }}
            >
              <DnDCalendar
                localizer={localizer}
                culture={culture}
                events={summary ? dayCounts : events}
                backgroundEvents={background}
                view={view}
                views={VIEWS}
                onView={setView}
                date={date}
                onNavigate={setDate}
                getNow={getNow}
                scrollToTime={SCROLL_TO}
                formats={formats}
                messages={messages}
                popup
                selectable
                resizable
                step={15}
                timeslots={4}
                length={30}
                eventPropGetter={eventStyle}
                backgroundEventPropGetter={backgroundEventStyle}
                draggableAccessor={isDraggable}
                resizableAccessor={isDraggable}
                onSelectSlot={onSelectSlot}
                onSelectEvent={onSelectEvent}
                onEventDrop={move}
                onEventResize={move}
                onKeyPressEvent={onKeyPressEvent}
                tooltipAccessor={tooltip}
                components={COMPONENTS}
                {...roomViewProps(resources, view)}
                resourceAccessor={resourceOf}
                resourceIdAccessor={RESOURCE_ID}
                resourceTitleAccessor={RESOURCE_TITLE}
              />
            </div>
          </OpenEventContext.Provider>
        </Space>
      </Card>
      <EventDetails
        id={detailsId}
        onClose={closeDetails}
        onChanged={reload}
        onEdit={(record, moving) => {
          setDetailsId(undefined);
          setForm({ open: true, record, moving });
        }}
      />
      <ScheduleForm
        open={form.open}
        record={form.record}
        defaults={form.defaults}
        moving={form.moving}
        onClose={() => setForm((state) => ({ ...state, open: false }))}
        onSaved={reload}
      />
      {dialogs.dialogs}
    </PageContainer>
  );
}
