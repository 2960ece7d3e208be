import { ProFormDependency, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import BillingModal from '@/components/BillingModal';
import type { TCreditUpdateBody } from '@/contracts/billing';
import { CREDIT_TYPE_IDS } from './labels';
import { updateCredit } from './service';

type Values = Omit<TCreditUpdateBody, 'organisationId'>;
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const TYPES = ['ADD', 'ADJUST', 'SUBTRACT'] as const;
const AMOUNT_HELP = {
  ADD: 'billingCycles.credit.amount.ADD',
  ADJUST: 'billingCycles.credit.amount.ADJUST',
  SUBTRACT: 'billingCycles.credit.amount.SUBTRACT',
} as const;

/** The platform adds, subtracts or sets (ADJUST) a centre's credit: a new ledger row. */
export default function UpdateCreditForm(props: {
  open: boolean;
  organisationId: number;
  centreName: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const amountLabel = t('billingCycles.credit.field.amount');
  return (
    <BillingModal<Values>
      open={props.open}
      className="update-credit-form"
      title={t('billingCycles.credit.update.title', { centre: props.centreName })}
      submitText={t('common.save')}
      failedId="billingCycles.credit.update.failed"
      doneId="billingCycles.credit.update.done"
      fields={['type', 'amount', 'comments']}
      initialValues={{ type: 'ADD' }}
      save={(values) =>
        updateCredit({
          organisationId: props.organisationId,
          type: values.type,
          amount: String(values.amount).trim(),
          comments: values.comments?.trim() || null,
        })
      }
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <ProFormRadio.Group
        name="type"
        label={t('billingCycles.credit.field.type')}
        radioType="button"
        options={TYPES.map((type) => ({ value: type, label: t(CREDIT_TYPE_IDS[type]) }))}
      />
      <ProFormDependency name={['type']}>
        {({ type }: { type?: (typeof TYPES)[number] }) => (
          <ProFormText
            name="amount"
            label={amountLabel}
            extra={t(AMOUNT_HELP[type ?? 'ADD'])}
            fieldProps={{ inputMode: 'decimal' }}
            rules={[
              { required: true, message: t('forms.rule.required', { label: amountLabel }) },
              {
                validator: async (_rule, value?: string) => {
                  const text = value?.trim() ?? '';
                  if (text && !MONEY.test(text)) throw new Error(t('billingCycles.rule.money'));
                  if (text && type !== 'ADJUST' && /^0+(\.0+)?$/.test(text))
                    throw new Error(t('billingCycles.rule.aboveZero'));
                },
              },
            ]}
          />
        )}
      </ProFormDependency>
      <ProFormTextArea
        name="comments"
        label={t('common.comments')}
        fieldProps={{ rows: 2, maxLength: 500, showCount: true }}
        rules={[{ max: 500, message: t('forms.rule.max', { max: 500 }) }]}
      />
    </BillingModal>
  );
}
