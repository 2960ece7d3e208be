import { getLocale, useIntl } from '@umijs/max';
import { Descriptions, Drawer, Spin, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { formatInvoiceNumber, type TInvoiceDetail } from '@/contracts/billing';
import { makeFormatter } from '@/utils/format';
import InvoiceStatus from './StatusTag';
import { getInvoice } from './service';

const LINE_IDS: Record<string, string> = {
  STUDENTS: 'billing.line.STUDENTS',
  MINIMUM_TOP_UP: 'billing.line.MINIMUM_TOP_UP',
  CREDIT: 'billing.line.CREDIT',
  TAX: 'billing.line.TAX',
};

/** One invoice: its lines, totals, payment and the students it counts. */
export default function InvoiceDrawer({ invoiceId, onClose }: { invoiceId?: number; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [invoice, setInvoice] = useState<TInvoiceDetail>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setInvoice(undefined);
    setFailed(false);
    if (!invoiceId) return;
    getInvoice(invoiceId)
      .then(setInvoice)
      .catch(() => setFailed(true));
  }, [invoiceId]);
  const format = useMemo(
    () => makeFormatter({ currency: invoice?.currency, locale: getLocale() }),
    [invoice?.currency],
  );

  return (
    <Drawer
      open={!!invoiceId}
      onClose={onClose}
      width={640}
      title={
        invoice ? `${t('billing.invoice.title')} ${formatInvoiceNumber(invoice.number)}` : t('billing.invoice.title')
      }
      destroyOnClose
    >
      {failed && <Typography.Text type="danger">{t('billing.invoice.loadFailed')}</Typography.Text>}
      {!invoice && !failed && <Spin />}
      {invoice && (
        <div className="invoice-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('billing.column.centre')} span={2}>
              {invoice.organisationName}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.column.period')} span={2}>
              {format.date(invoice.periodStart)} – {format.date(invoice.periodEnd)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.column.invoiceDate')}>
              {format.date(invoice.invoiceDate)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.column.dueDate')}>{format.date(invoice.dueDate)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.column.status')}>
              <InvoiceStatus invoice={invoice} />
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.invoice.paidAt')}>
              {invoice.paidAt ? format.dateTime(invoice.paidAt) : '—'}
              {invoice.paidNote ? ` · ${invoice.paidNote}` : ''}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('billing.invoice.lines')}
          </Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey="kind"
            dataSource={invoice.items}
            columns={[
              {
                title: t('billing.line.item'),
                dataIndex: 'kind',
                render: (kind: string) =>
                  kind === 'STUDENTS'
                    ? `${t(LINE_IDS.STUDENTS)} (${invoice.chargeRange})`
                    : kind === 'TAX'
                      ? `${t(LINE_IDS.TAX)} (${(Number(invoice.taxRate) * 100).toFixed(2).replace(/\.?0+$/, '')} %)`
                      : t(LINE_IDS[kind] ?? kind),
              },
              { title: t('billing.line.quantity'), dataIndex: 'quantity', align: 'right', width: 80 },
              {
                title: t('billing.line.unitAmount'),
                dataIndex: 'unitAmount',
                align: 'right',
                width: 120,
                render: (v: string) => format.money(v),
              },
              {
                title: t('billing.line.amount'),
                dataIndex: 'amount',
                align: 'right',
                width: 120,
                render: (v: string) => format.money(v),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <strong>{t('billing.column.total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong className="invoice-total">{format.money(invoice.total)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('billing.invoice.students', { count: invoice.students.length })}
          </Typography.Title>
          {invoice.quantityOverridden && (
            <Typography.Paragraph type="secondary">
              {t('billing.invoice.quantityOverridden', { quantity: invoice.quantity })}
            </Typography.Paragraph>
          )}
          {invoice.students.length === 0 ? (
            <Typography.Text type="secondary">{t('billing.invoice.noStudents')}</Typography.Text>
          ) : (
            <ul className="invoice-students" style={{ columns: 2, paddingLeft: 20 }}>
              {invoice.students.map((s) => (
                <li key={s.studentId}>{s.name}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Drawer>
  );
}
