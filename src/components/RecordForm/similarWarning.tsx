import { getIntl } from '@umijs/max';
import { Modal } from 'antd';
import type { TSimilarQuery, TSimilarRecord } from '@/contracts/similar';
import { call } from '@/services/http';

const t = (id: string, values?: Record<string, string | number>) => getIntl().formatMessage({ id }, values);
const MATCH_IDS = { name: 'names.similar.name', email: 'names.similar.email', phone: 'names.similar.phone' };

/**
 * Before adding a student or teacher: when the centre already has one with the same name, email or
 * phone, asks whether to add this one anyway (issue 19). Resolves true to go on; a check that cannot
 * be made does not stop the save.
 */
export async function confirmNotDuplicate(kind: 'students' | 'teachers', values: TSimilarQuery): Promise<boolean> {
  const params = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim()));
  const similar = await call<TSimilarRecord[]>(`/api/${kind}/similar`, { params, skipErrorHandler: true }).catch(
    () => [] as TSimilarRecord[],
  );
  if (similar.length === 0) return true;
  return new Promise<boolean>((resolve) => {
    Modal.confirm({
      title: t(kind === 'students' ? 'names.similar.studentTitle' : 'names.similar.teacherTitle'),
      content: (
        <ul style={{ paddingInlineStart: 20, margin: '8px 0 0' }}>
          {similar.map((record) => (
            <li key={record.id}>
              {t('names.similar.line', {
                name: record.label,
                same: record.matches.map((match) => t(MATCH_IDS[match])).join(', '),
              })}
            </li>
          ))}
        </ul>
      ),
      okText: t('names.similar.addAnyway'),
      cancelText: t('names.similar.goBack'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
