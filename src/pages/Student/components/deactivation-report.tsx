import { Modal, Typography } from 'antd';
import type { TDeactivateStudentsReply, TStudent } from '@/contracts/students';

const nameOf = (byId: Map<number, TStudent>, id: number) => {
  const s = byId.get(id);
  return s ? `${s.firstName} ${s.lastName} (${s.studentId})` : `#${id}`;
};

/** Shows what a batch deactivation did: who was deactivated, who was not and why. */
export function showDeactivationReport(
  reply: TDeactivateStudentsReply,
  selected: TStudent[],
  t: (id: string, values?: Record<string, number>) => string,
) {
  const byId = new Map(selected.map((s) => [s.id, s]));
  const partial = reply.notDeactivated.length > 0;
  Modal[partial ? 'warning' : 'success']({
    title: t(partial ? 'lists.students.reportPartial' : 'lists.students.reportAll'),
    width: 560,
    content: (
      <>
        <Typography.Title level={5}>
          {t('lists.students.reportDeactivated', { count: reply.deactivated.length })}
        </Typography.Title>
        <ul>
          {reply.deactivated.map((id) => (
            <li key={id}>{nameOf(byId, id)}</li>
          ))}
        </ul>
        {partial && (
          <>
            <Typography.Title level={5}>
              {t('lists.students.reportNotDeactivated', { count: reply.notDeactivated.length })}
            </Typography.Title>
            <ul>
              {reply.notDeactivated.map(({ id, reason }) => (
                <li key={id}>
                  {nameOf(byId, id)}: {reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    ),
  });
}
