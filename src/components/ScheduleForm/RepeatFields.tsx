import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ProFormSwitch } from '@ant-design/pro-components';
import { Button, Col, DatePicker, Form, type FormInstance, InputNumber, Radio, Row, Select, TimePicker } from 'antd';
import type dayjs from 'dayjs';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { MAX_SERIES_OCCURRENCES } from '@/contracts/schedules';
import { type ScheduleValues, slotOfClass } from './values';

/** Locale ids of the ISO weekdays (1 Monday ... 7 Sunday), written out so the locale test sees each. */
const WEEKDAY_IDS = [
  'schedules.weekday.1',
  'schedules.weekday.2',
  'schedules.weekday.3',
  'schedules.weekday.4',
  'schedules.weekday.5',
  'schedules.weekday.6',
  'schedules.weekday.7',
];

/**
 * "Repeat weekly": the series' slots (weekday, start, end in the centre's zone; prefilled with the
 * class's own day and times) and its end, on a date or after a number of classes.
 */
export default function RepeatFields({ form, today }: { form: FormInstance<ScheduleValues>; today: string }) {
  const { t, choose } = useFormRules();
  const repeat = Form.useWatch('repeat', form);
  const repeatEnd = Form.useWatch('repeatEnd', form);
  const time = { format: 'HH:mm', minuteStep: 5 as const, needConfirm: false, style: { width: '100%' } };
  const weekdays = WEEKDAY_IDS.map((id, index) => ({ value: index + 1, label: t(id) }));
  return (
    <>
      <ProFormSwitch
        name="repeat"
        label={t('schedules.repeat')}
        fieldProps={{
          onChange: (on: boolean) => {
            if (on && !form.getFieldValue('slots')?.length)
              form.setFieldValue('slots', slotOfClass(form.getFieldsValue()));
          },
        }}
      />
      {repeat && (
        <div className="schedule-repeat">
          <Form.List
            name="slots"
            rules={[
              {
                validator: async (_rule, slots?: unknown[]) => {
                  if (!slots?.length) throw new Error(t('schedules.rule.scheduleTimes'));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field, index) => (
                  <Row gutter={8} key={field.key} className="schedule-slot">
                    <Col span={8}>
                      <Form.Item
                        name={[field.name, 'weekday']}
                        label={index === 0 ? t('schedules.slot.weekday') : undefined}
                        rules={[choose(t('schedules.slot.weekday'))]}
                      >
                        <Select options={weekdays} aria-label={t('schedules.slot.weekday')} />
                      </Form.Item>
                    </Col>
                    <Col span={7}>
                      <Form.Item
                        name={[field.name, 'startTime']}
                        label={index === 0 ? t('schedules.field.start') : undefined}
                        rules={[choose(t('schedules.field.start'))]}
                      >
                        <TimePicker {...time} aria-label={t('schedules.field.start')} />
                      </Form.Item>
                    </Col>
                    <Col span={7}>
                      <Form.Item
                        name={[field.name, 'endTime']}
                        label={index === 0 ? t('schedules.field.end') : undefined}
                        dependencies={[['slots', field.name, 'startTime']]}
                        rules={[
                          choose(t('schedules.field.end')),
                          {
                            validator: async (_rule, end?: dayjs.Dayjs) => {
                              const begin: dayjs.Dayjs | undefined = form.getFieldValue([
                                'slots',
                                field.name,
                                'startTime',
                              ]);
                              if (begin && end && end.format('HH:mm') <= begin.format('HH:mm'))
                                throw new Error(t('schedules.rule.endAfterStart'));
                            },
                          },
                        ]}
                      >
                        <TimePicker {...time} aria-label={t('schedules.field.end')} />
                      </Form.Item>
                    </Col>
                    <Col span={2} style={{ paddingTop: index === 0 ? 30 : 0 }}>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('schedules.slot.remove')}
                        title={t('schedules.slot.remove')}
                        onClick={() => {
                          remove(field.name);
                          setTimeout(() => form.validateFields([['slots']]).catch(() => undefined));
                        }}
                      />
                    </Col>
                  </Row>
                ))}
                <Form.Item>
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => {
                      const last = form.getFieldValue('slots')?.at(-1);
                      add(last ? { ...last } : slotOfClass(form.getFieldsValue())[0]);
                    }}
                  >
                    {t('schedules.slot.add')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </Form.Item>
              </>
            )}
          </Form.List>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="repeatEnd" label={t('schedules.repeat.end')}>
                <Radio.Group
                  options={[
                    { value: 'count', label: t('schedules.repeat.end.count') },
                    { value: 'until', label: t('schedules.repeat.end.until') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              {repeatEnd === 'until' ? (
                <Form.Item
                  name="untilDate"
                  label={t('schedules.repeat.untilDate')}
                  rules={[choose(t('schedules.repeat.untilDate'))]}
                >
                  <DatePicker
                    format="YYYY-MM-DD"
                    style={{ width: '100%' }}
                    disabledDate={(day) => day.format('YYYY-MM-DD') < today}
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  name="count"
                  label={t('schedules.repeat.count')}
                  rules={[choose(t('schedules.repeat.count'))]}
                >
                  <InputNumber min={1} max={MAX_SERIES_OCCURRENCES} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              )}
            </Col>
          </Row>
        </div>
      )}
    </>
  );
}
