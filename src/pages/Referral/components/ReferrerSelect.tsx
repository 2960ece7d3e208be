import { ProFormSelect, type ProFormSelectProps } from '@ant-design/pro-components';
import { listReferrers } from '@/services/students';

/** A searchable referrer select that loads the centre's referrers by name as the user types. */
export default function ReferrerSelect(props: ProFormSelectProps) {
  return (
    <ProFormSelect
      showSearch
      debounceTime={300}
      request={async ({ keyWords }: { keyWords?: string }) => {
        const reply = await listReferrers({ pageSize: 50, ...(keyWords ? { q: keyWords } : {}) });
        return reply.data.map((r) => ({ value: r.id, label: r.name }));
      }}
      {...props}
      fieldProps={{ filterOption: false, ...props.fieldProps }}
    />
  );
}
