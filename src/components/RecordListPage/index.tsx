import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, type CheckboxProps, message, type TableProps } from 'antd';
import { type MutableRefObject, type ReactNode, useRef, useState } from 'react';
import type { ImportConfig } from '@/components/ImportDialog';
import PageContainer from '@/components/PageContainer';
import type { ListResult, Query } from '@/services/http';
import { downloadFile } from '@/utils/download';
import { toListParams } from '@/utils/listParams';
import { lazyForm } from './lazyForm';
import { isFiltered, newestReplies } from './newestReply';
import RowActions, { actionsColumnWidth, type RowAction } from './RowActions';

export type { RowAction } from './RowActions';

/**
 * The props of every record list (students, teachers, staff, courses, terms, registrations,
 * referrals, and the lists still to come). Pages describe their record; the component gives every
 * list the same toolbar (search, New, Import, Export, in that order), row actions pinned right,
 * column settings, paging, and the same messages.
 */
export interface RecordListPageProps<T extends { id: number }> {
  /** Names the list: its column settings are kept per user under this name. */
  listKey: string;
  /** The page title; leave it out for a list inside another page (a tab): no page frame then. */
  title?: ReactNode;
  /** The table's columns. They are not search fields unless a column sets `search`. */
  columns: ProColumns<T>[];
  /** Fields of the filter form above the table only (status, dates, course...). */
  filters?: ProColumns<T>[];
  /** The filter form's values and the page the list opens on (e.g. read from the address). */
  initial?: { filters?: Record<string, unknown>; page?: { current: number; pageSize: number } };
  /** Column keys (`key` or `dataIndex`) hidden until the user shows them in the column settings. */
  hiddenColumns?: string[];
  /** Loads one page: ProTable's paging, sort and filters as our list query (`toListParams`). */
  request: (query: Query) => Promise<ListResult<T>>;
  /** Fixed or outside filters sent with every request; changing them reloads the list. */
  params?: Query;
  /** The toolbar's search box (first in the toolbar), sent as `q`; its placeholder says what it searches. */
  searchPlaceholder?: string;
  /** The New button ("New student"). */
  create?: { label: string; onClick: () => void };
  /** The Import button and its dialog (ImportDialog). */
  importFile?: ImportConfig;
  /** The Export button: downloads `url` with the list's current filters and sort as `fileName`. */
  exportFile?: { url: string; fileName: string };
  /** The buttons of each row, in the actions column pinned to the right. */
  rowActions?: (record: T) => RowAction[];
  /**
   * Batch actions on selected rows: turns on row selection and renders these in the selection bar;
   * `clear` empties the selection.
   */
  batchActions?: (selected: T[], clear: () => void) => ReactNode;
  /** What a row's selection checkbox is called for a screen reader ("Select Hannah Gagnon"). */
  rowName?: (record: T) => string;
  /** Rows that open to show more (a class's students): antd's `expandable`. */
  expandable?: TableProps<T>['expandable'];
  /** Left of the toolbar, before the search box (e.g. a Paid / Unpaid switch). */
  headerTitle?: ReactNode;
  /** An empty list without a search or filter ("No purchases yet"). */
  emptyText?: ReactNode;
  /** An empty list with a search or filter set; by default "Nothing matches this search or these filters". */
  filteredEmptyText?: ReactNode;
  /** Above the table (a notice such as "showing one class"). */
  banner?: ReactNode;
  /** To reload from outside (after a form saved): `actionRef.current?.reload()`. */
  actionRef?: MutableRefObject<ActionType | undefined>;
  /** The page's forms and dialogs, rendered after the table. */
  children?: ReactNode;
}

// Loaded when the user first opens it (Upload, the report table): not part of the list's first load.
const ImportDialog = lazyForm(() => import('@/components/ImportDialog'));

const withoutPaging = ({ current: _c, pageSize: _p, ...filters }: Query) => filters;

/**
 * The toolbar search box's width: wide enough for its placeholder (which says what it searches), from
 * 240 to 360 px; a CJK character takes about two Latin ones. ("Name, course, school or comm…" at 240.)
 */
export function searchBoxWidth(placeholder: string) {
  const wide = [...placeholder].filter((ch) => /[\u2e80-\u9fff\uff00-\uffef]/.test(ch)).length;
  const text = (placeholder.length - wide) * 7.6 + wide * 14;
  // + the padding, the clear icon and the search button beside it.
  return Math.round(Math.min(360, Math.max(240, text + 90)));
}

export default function RecordListPage<T extends { id: number }>(props: RecordListPageProps<T>) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const ownRef = useRef<ActionType>();
  const actionRef = props.actionRef ?? ownRef;
  const lastFilters = useRef<Query>({});
  const [importing, setImporting] = useState(false);
  const [actionsWidth, setActionsWidth] = useState<number>();
  const [filtered, setFiltered] = useState(false);
  const [newest] = useState(() => newestReplies<ListResult<T>>());
  // The server stopped counting (issue 24): the pager says "of more than 1,000", not a made-up total.
  const [cappedAt, setCappedAt] = useState<number>();

  // A date range filter fills its field and says "Start date → End date": ProForm's "Please select"
  // twice was cut to "Please sel…" in the half of the field each gets.
  const dateRangeProps = (filter: ProColumns<T>): ProColumns<T> =>
    filter.valueType === 'dateRange' && typeof filter.fieldProps !== 'function'
      ? {
          ...filter,
          fieldProps: {
            placeholder: [t('lists.filter.startDate'), t('lists.filter.endDate')],
            style: { width: '100%' },
            ...filter.fieldProps,
          },
        }
      : filter;
  const actionsColumn: ProColumns<T> = {
    title: t('common.actions'),
    key: 'actions',
    valueType: 'option',
    fixed: 'right',
    width: actionsWidth,
    render: (_, record) => <RowActions actions={props.rowActions?.(record) ?? []} />,
  };
  const columns: ProColumns<T>[] = [
    ...props.columns.map((column) => ({ search: false as const, ...column })),
    // No own `key`: ProTable names a filter's query parameter by its key before its dataIndex.
    ...(props.filters ?? []).map((filter) => ({ ...dateRangeProps(filter), hideInTable: true })),
    ...(props.rowActions ? [actionsColumn] : []),
  ];
  const hasFilterForm = columns.some((c) => c.search !== false && !c.hideInSearch && c.valueType !== 'option');

  const exportList = (file: { url: string; fileName: string }) =>
    downloadFile(file.url, lastFilters.current, file.fileName).catch(() => message.error(t('lists.export.failed')));
  const toolbar = [
    props.create && (
      <Button key="new" type="primary" icon={<PlusOutlined />} onClick={props.create.onClick}>
        {props.create.label}
      </Button>
    ),
    props.importFile && (
      <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
        {t('common.import')}
      </Button>
    ),
    props.exportFile && (
      <Button key="export" icon={<DownloadOutlined />} onClick={() => props.exportFile && exportList(props.exportFile)}>
        {t('common.export')}
      </Button>
    ),
  ].filter(Boolean);

  const table = (
    <ProTable<T, Query>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      params={props.params}
      request={(params, sort) => {
        // The toolbar search adds a `_timestamp` to force a reload: not a filter.
        const { _timestamp: _ts, ...query } = toListParams(params, sort);
        lastFilters.current = withoutPaging(query);
        setFiltered(isFiltered(query, props.params));
        return newest(props.request(query)).then((reply) => {
          setCappedAt(reply.totalCapped ? reply.total - 1 : undefined);
          return reply;
        });
      }}
      search={hasFilterForm ? { labelWidth: 'auto', span: 8 } : false}
      form={props.initial?.filters ? { initialValues: props.initial.filters } : undefined}
      options={{
        search: props.searchPlaceholder
          ? {
              name: 'q',
              placeholder: props.searchPlaceholder,
              allowClear: true,
              style: { width: searchBoxWidth(props.searchPlaceholder) },
            }
          : false,
        reload: true,
        density: false,
        setting: { listsHeight: 400 },
      }}
      columnsState={{
        persistenceKey: `levelup-columns-${props.listKey}`,
        persistenceType: 'localStorage',
        defaultValue: Object.fromEntries((props.hiddenColumns ?? []).map((key) => [key, { show: false }])),
      }}
      // Every column has a width: the table is as wide as its frame and only scrolls when the user
      // shows more columns than fit ('max-content' would let long text widen ellipsis columns).
      scroll={{ x: '100%' }}
      pagination={{
        defaultCurrent: props.initial?.page?.current ?? 1,
        defaultPageSize: props.initial?.page?.pageSize ?? 10,
        showSizeChanger: true,
        ...(cappedAt === undefined
          ? {}
          : {
              showTotal: (_: number, [from, to]: [number, number]) =>
                intl.formatMessage(
                  { id: 'listLimits.range' },
                  { from, to, count: intl.formatNumber(Math.max(cappedAt, to)) },
                ),
            }),
      }}
      rowSelection={
        props.batchActions
          ? {
              preserveSelectedRowKeys: true,
              // Every checkbox has a name (WCAG 4.1.2): "Select Hannah Gagnon", not an unlabelled box.
              // antd's type leaves out aria-*, which its Checkbox passes on to the <input>.
              getCheckboxProps: (record) =>
                ({
                  'aria-label': intl.formatMessage(
                    { id: 'a11y.selectRow' },
                    { name: props.rowName?.(record) ?? String(record.id) },
                  ),
                }) as unknown as CheckboxProps,
            }
          : false
      }
      tableAlertOptionRender={
        props.batchActions
          ? ({ selectedRows, onCleanSelected }) => props.batchActions?.(selectedRows, onCleanSelected)
          : undefined
      }
      onLoad={(rows) => {
        const { rowActions } = props;
        if (rowActions) setActionsWidth(actionsColumnWidth(rows.map(rowActions), t('common.actions')));
      }}
      expandable={props.expandable}
      headerTitle={props.headerTitle}
      toolBarRender={() => toolbar}
      locale={{ emptyText: filtered ? (props.filteredEmptyText ?? t('names.list.noMatch')) : props.emptyText }}
    />
  );

  return (
    <>
      {props.title ? (
        <PageContainer title={props.title}>
          {props.banner}
          {table}
        </PageContainer>
      ) : (
        <>
          {props.banner}
          {table}
        </>
      )}
      {props.importFile && (
        <ImportDialog
          {...props.importFile}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => actionRef.current?.reload()}
        />
      )}
      {props.children}
    </>
  );
}
