import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Segmented } from 'antd';
import { useState } from 'react';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import { useRecordEditor } from '@/components/RecordListPage/useRecordEditor';
import TermName from '@/components/TermName';
import type { TTermRegister } from '@/contracts/term-registers';
import { courseOptions, deleteTermRegister, listTermRegisters, teacherOptions, termOptions } from '@/services/courses';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import PaidSwitch from './components/PaidSwitch';

// Loaded on New or Edit: the form brings zod and the schemas, which the list does not need.
const TermRegisterForm = lazyForm(() => import('./components/TermRegisterForm'));

type PaidFilter = 'all' | 'unpaid' | 'paid';
const paidParam = { all: {}, unpaid: { paid: false }, paid: { paid: true } } as const;
const selectProps = { showSearch: true, optionFilterProp: 'label' };

/** /termRegister: who registered for which term, and whether they have paid. */
export default function TermRegisterPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const editor = useRecordEditor<TTermRegister>();
  const [paidFilter, setPaidFilter] = useState<PaidFilter>('all');

  const remove = async (register: TTermRegister) => {
    if (await runWithMessages('delete', () => deleteTermRegister(register.id))) editor.reload();
  };
  const rowActions = (register: TTermRegister): RowAction[] => [
    { key: 'edit', label: t('common.edit'), onClick: () => editor.edit(register) },
    {
      key: 'delete',
      label: t('common.delete'),
      danger: true,
      confirm: t('lists.termRegisters.confirmDelete'),
      onClick: () => remove(register),
    },
  ];
  const columns: ProColumns<TTermRegister>[] = [
    {
      title: t('lists.column.student'),
      dataIndex: 'student',
      width: 180,
      ellipsis: true,
      render: (_, r) => `${r.student.name} (${r.student.studentId})`,
    },
    {
      title: t('lists.column.course'),
      dataIndex: 'course',
      width: 140,
      ellipsis: true,
      render: (_, r) => r.course.name,
    },
    {
      title: t('lists.termRegisters.term'),
      dataIndex: 'term',
      width: 220,
      ellipsis: true,
      render: (_, r) => <TermName term={r.term} />,
    },
    {
      title: t('lists.column.teacher'),
      dataIndex: 'teacher',
      width: 150,
      ellipsis: true,
      render: (_, r) => r.teacher?.name,
    },
    {
      title: t('lists.termRegisters.paymentType'),
      dataIndex: 'paymentType',
      width: 100,
      render: (_, r) => t(`lists.paymentType.${r.paymentType}`),
    },
    {
      title: t('lists.termRegisters.price'),
      dataIndex: 'price',
      sorter: true,
      align: 'right',
      width: 110,
      render: (_, r) => format.money(r.price),
    },
    {
      title: t('common.paid'),
      dataIndex: 'paid',
      sorter: true,
      width: 100,
      render: (_, r) => <PaidSwitch key={`${r.id}-${r.paid}`} register={r} onChanged={editor.reload} />,
    },
    {
      title: t('lists.column.created'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 110,
      render: (_, r) => format.dayOf(r.createdAt),
    },
  ];
  const filters: ProColumns<TTermRegister>[] = [
    {
      title: t('lists.column.course'),
      dataIndex: 'courseId',
      valueType: 'select',
      fieldProps: selectProps,
      request: async () => (await courseOptions()).map((c) => ({ value: c.id, label: c.name })),
    },
    {
      title: t('lists.termRegisters.term'),
      dataIndex: 'termId',
      valueType: 'select',
      fieldProps: selectProps,
      request: async () => (await termOptions()).map((term) => ({ value: term.id, label: term.label })),
    },
    {
      title: t('lists.column.teacher'),
      dataIndex: 'teacherId',
      valueType: 'select',
      fieldProps: selectProps,
      request: async () => (await teacherOptions()).map((c) => ({ value: c.id, label: c.name })),
    },
    {
      title: t('lists.column.createdBetween'),
      dataIndex: 'created',
      valueType: 'dateRange',
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
  ];

  return (
    <RecordListPage<TTermRegister>
      listKey="term-registers"
      title={t('lists.termRegisters.title')}
      actionRef={editor.actionRef}
      columns={columns}
      filters={filters}
      hiddenColumns={['teacher', 'createdAt']}
      request={listTermRegisters}
      params={paidParam[paidFilter]}
      searchPlaceholder={t('lists.termRegisters.search')}
      create={{ label: t('lists.termRegisters.new'), onClick: editor.create }}
      exportFile={{ url: '/api/term-registers/export', fileName: 'term-registers.xlsx' }}
      rowActions={rowActions}
      headerTitle={
        <Segmented<PaidFilter>
          aria-label={t('lists.termRegisters.paymentStatus')}
          value={paidFilter}
          onChange={setPaidFilter}
          options={[
            { value: 'all', label: t('lists.termRegisters.all') },
            { value: 'unpaid', label: t('common.unpaid') },
            { value: 'paid', label: t('common.paid') },
          ]}
        />
      }
      emptyText={t('lists.termRegisters.empty')}
    >
      <TermRegisterForm {...editor.formProps} />
    </RecordListPage>
  );
}
