import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Select } from 'antd';
import { type Locations, useLocations } from '@/utils/useLocations';

/** The locations a caller may filter by: their sites when limited, else every active location. */
export function locationChoices(locations: Locations) {
  return locations.locations
    .filter((l) => !locations.sites || locations.sites.includes(l.id))
    .map((l) => ({ value: l.id, label: l.name }));
}

/**
 * The Location filter of a report tab's filter form (issue 23): only for a centre with several
 * locations (`useLocations().many`), so a one-site centre sees no new field.
 */
export function useLocationFilter<T>(): ProColumns<T>[] {
  const intl = useIntl();
  const locations = useLocations();
  if (!locations.many) return [];
  return [
    {
      title: intl.formatMessage({ id: 'locationReports.filter.location' }),
      dataIndex: 'locationId',
      valueType: 'select',
      fieldProps: {
        placeholder: intl.formatMessage({ id: 'locationReports.filter.all' }),
        options: locationChoices(locations),
      },
    },
  ];
}

/** The same filter beside a range picker (lesson events, freed seats): nothing for a one-site centre. */
export function LocationSelect({ value, onChange }: { value?: number; onChange: (id: number | undefined) => void }) {
  const intl = useIntl();
  const locations = useLocations();
  if (!locations.many) return null;
  return (
    <Select<number>
      allowClear
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      options={locationChoices(locations)}
      placeholder={intl.formatMessage({ id: 'locationReports.filter.all' })}
      aria-label={intl.formatMessage({ id: 'locationReports.filter.location' })}
      style={{ minWidth: 180 }}
      data-testid="report-location"
    />
  );
}
