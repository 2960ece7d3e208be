import dayjs, { type Dayjs } from 'dayjs';

/**
 * A form field holding 'HH:mm' text shown in antd's TimePicker with format "HH:mm": the same 24-hour
 * time in every language and browser (a native time input follows the browser's locale: "03:30 PM").
 */
export const hhmmField = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(`2000-01-01T${value}`) : undefined }),
  normalize: (value?: Dayjs | null) => (value ? value.format('HH:mm') : undefined),
};
