import {
  ProFormDatePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Form, Modal, message } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { todayIn, useCentre } from '@/components/RecordForm/defaults';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import {
  REFUND_BEYOND_BALANCE_KEY,
  type TVoucherPurchase,
  type TVoucherPurchaseCreated,
  type TVoucherPurchaseType,
} from '@/contracts/vouchers';
import { searchStudents } from '@/services/courses';
import { createVoucherPurchase } from '@/services/vouchers';
import { isErrorReply, toRequestFailure } from '@/utils/requestError';
import { useFormat } from '@/utils/useFormat';
import { TYPE_IDS, VOUCHER_TYPES } from '../labels';
import { usePaymentMethodOptions } from '../paymentMethods';
import { ClassCountField, PackageAmount, packageAmount, useUsualClassCharge } from './ClassPackage';

type DateValue = string | dayjs.Dayjs | undefined;
interface PurchaseValues {
  studentId: number;
  type: TVoucherPurchaseType;
  purchaseDate: DateValue;
  voucherAmount?: string;
  /** A purchase is an amount, or a package of N classes at the student's usual class charge. */
  soldAs?: 'AMOUNT' | 'CLASSES';
  classCount?: number;
  giftAmount?: string;
  paymentMethod?: string;
  comments?: string;
}
const day = (value: DateValue) => (value ? dayjs(value).format('YYYY-MM-DD') : '');
// The contract's rules on 2-decimal strings (compared as text, never as floats).
const SIGNED_MONEY = /^-?\d{1,10}(\.\d{1,2})?$/;
const isZero = (v: string) => /^-?0+(\.0+)?$/.test(v);
const isNegative = (v: string) => v.startsWith('-') && !isZero(v);

/**
 * A new purchase, refund or adjustment (never an edit: a correction is a new row). The request key is
 * made once per opening, so a double click or a retry after a lost reply records one purchase.
 */
export default function VoucherPurchaseForm({
  open,
  onClose,
  onSaved,
  student,
}: RecordFormOpenProps<TVoucherPurchase> & { student?: { id: number; label: string } }) {
  const [form] = Form.useForm<PurchaseValues>();
  const access = useAccess();
  const { t, required, choose } = useFormRules();
  const { timeZone } = useCentre();
  const format = useFormat();
  const methods = usePaymentMethodOptions(t, open);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  useEffect(() => {
    if (open) setIdempotencyKey(crypto.randomUUID());
  }, [open]);
  const usualRate = useUsualClassCharge(open, Form.useWatch('studentId', form));

  const save = async (values: PurchaseValues) => {
    const asClasses = values.type === 'PURCHASE' && values.soldAs === 'CLASSES';
    const body = {
      studentId: values.studentId,
      type: values.type,
      purchaseDate: day(values.purchaseDate),
      // A package's amount is the server's to compute: what is sent is only what was shown.
      voucherAmount: asClasses
        ? usualRate
          ? packageAmount(usualRate, values.classCount ?? 0)
          : '0'
        : (values.voucherAmount ?? '').trim(),
      classCount: asClasses ? (values.classCount ?? null) : null,
      giftAmount: values.type === 'PURCHASE' ? values.giftAmount?.trim() || '0' : '0',
      paymentMethod: values.paymentMethod || null,
      comments: values.comments || null,
      idempotencyKey,
    };
    let saved: TVoucherPurchaseCreated;
    try {
      saved = await createVoucherPurchase(body);
    } catch (error) {
      // A refund larger than the balance: the server says what the balance would become; an admin may
      // confirm it (issue 20, finding 13), anyone else sees it on the amount field.
      const reply = toRequestFailure(error).body;
      const beyond = isErrorReply(reply) && reply.errorKey === REFUND_BEYOND_BALANCE_KEY;
      if (!beyond || !access['vouchers:refundBeyondBalance'] || !(await confirmBeyondBalance(reply.errorMessage)))
        throw error;
      saved = await createVoucherPurchase({ ...body, beyondBalance: true });
    }
    if (saved.type === 'PURCHASE') {
      if (saved.receiptEmailedTo) message.success(t('vouchers.receipt.emailed', { email: saved.receiptEmailedTo }), 6);
      else message.info(t('vouchers.receipt.notEmailed'), 6);
    }
    return saved;
  };

  const confirmBeyondBalance = (text: string) =>
    new Promise<boolean>((resolve) => {
      Modal.confirm({
        title: t('vouchers.refund.beyondTitle'),
        content: text,
        okText: t('vouchers.refund.beyondOk'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const money: RuleObject = {
    validator: async (_rule, value?: string) => {
      if (value && !SIGNED_MONEY.test(value.trim())) throw new Error(t('vouchers.rule.signedMoney'));
    },
  };
  const voucherRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject => ({
    validator: async (_rule, raw?: string) => {
      const value = raw?.trim() ?? '';
      if (!SIGNED_MONEY.test(value)) return;
      const type = getFieldValue('type') as TVoucherPurchaseType;
      const gift = String(getFieldValue('giftAmount') ?? '').trim() || '0';
      if (type === 'PURCHASE' && (isNegative(value) || (isZero(value) && (!SIGNED_MONEY.test(gift) || isZero(gift)))))
        throw new Error(t('vouchers.rule.purchaseAmount'));
      if (type === 'REFUND' && (isZero(value) || isNegative(value))) throw new Error(t('vouchers.rule.refundAmount'));
      if (type === 'ADJUSTMENT' && isZero(value)) throw new Error(t('vouchers.rule.adjustmentAmount'));
    },
  });
  const giftRule: RuleObject = {
    validator: async (_rule, raw?: string) => {
      const value = raw?.trim() ?? '';
      if (value && SIGNED_MONEY.test(value) && isNegative(value)) throw new Error(t('vouchers.rule.purchaseAmount'));
    },
  };

  return (
    <RecordForm<PurchaseValues>
      kind="voucherPurchase"
      open={open}
      editing={false}
      form={form}
      initialValues={{
        type: 'PURCHASE',
        soldAs: 'AMOUNT',
        purchaseDate: todayIn(timeZone),
        giftAmount: '0',
        studentId: student?.id,
      }}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProFormSelect
        name="studentId"
        label={t('vouchers.field.student')}
        showSearch
        placeholder={t('forms.student.search')}
        debounceTime={300}
        rules={[choose(t('vouchers.field.student'))]}
        request={async ({ keyWords }: { keyWords?: string }) => {
          const found = await searchStudents(keyWords ?? '');
          // A student given by the page (just added) is offered even when the first page lacks them.
          return student && !keyWords && !found.some((option) => option.value === student.id)
            ? [{ value: student.id, label: student.label }, ...found]
            : found;
        }}
        fieldProps={{ filterOption: false }}
      />
      <ProFormSelect
        name="type"
        label={t('vouchers.field.type')}
        colProps={{ span: 12 }}
        options={VOUCHER_TYPES.map((type) => ({ value: type, label: t(TYPE_IDS[type]) }))}
        allowClear={false}
        rules={[choose(t('vouchers.field.type'))]}
        fieldProps={{ onChange: () => form.setFieldsValue({ giftAmount: '0' }) }}
      />
      <ProFormDatePicker
        name="purchaseDate"
        label={t('vouchers.field.purchaseDate')}
        width="100%"
        colProps={{ span: 12 }}
        fieldProps={{ format: 'YYYY-MM-DD' }}
        rules={[required(t('vouchers.field.purchaseDate'))]}
      />
      <ProFormDependency name={['type', 'soldAs', 'classCount']}>
        {({ type, soldAs, classCount }: Partial<Pick<PurchaseValues, 'type' | 'soldAs' | 'classCount'>>) => {
          const asClasses = type === 'PURCHASE' && soldAs === 'CLASSES';
          return (
            <>
              {type === 'PURCHASE' && (
                <ProFormRadio.Group
                  name="soldAs"
                  label={t('vouchers.field.soldAs')}
                  radioType="button"
                  options={[
                    { value: 'AMOUNT', label: t('vouchers.soldAs.AMOUNT') },
                    { value: 'CLASSES', label: t('vouchers.soldAs.CLASSES') },
                  ]}
                />
              )}
              {asClasses ? (
                <ClassCountField t={t} required={required} />
              ) : (
                <ProFormText
                  name="voucherAmount"
                  label={t('vouchers.field.voucherAmount')}
                  colProps={{ span: 12 }}
                  tooltip={
                    type === 'REFUND'
                      ? t('vouchers.field.voucherAmount.refund')
                      : type === 'ADJUSTMENT'
                        ? t('vouchers.field.voucherAmount.adjustment')
                        : undefined
                  }
                  dependencies={['type', 'giftAmount']}
                  rules={[required(t('vouchers.field.voucherAmount')), money, voucherRule]}
                  fieldProps={{ inputMode: 'decimal' }}
                />
              )}
              {type === 'PURCHASE' && (
                <ProFormText
                  name="giftAmount"
                  label={t('vouchers.field.giftAmount')}
                  colProps={{ span: 12 }}
                  rules={[money, giftRule]}
                  fieldProps={{ inputMode: 'decimal' }}
                />
              )}
              {asClasses && <PackageAmount usualRate={usualRate} classCount={classCount} t={t} format={format} />}
            </>
          );
        }}
      </ProFormDependency>
      <ProFormSelect
        name="paymentMethod"
        label={t('vouchers.field.paymentMethod')}
        options={methods}
        placeholder={t('vouchers.field.paymentMethod.placeholder')}
        fieldProps={{ allowClear: true }}
      />
      <ProFormTextArea
        name="comments"
        label={t('vouchers.field.comments')}
        rules={[{ max: 5000, message: t('forms.rule.max', { max: 5000 }) }]}
        fieldProps={{ rows: 2 }}
      />
    </RecordForm>
  );
}
