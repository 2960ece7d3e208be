import { useIntl } from '@umijs/max';
import { Button, Empty } from 'antd';
import { useState } from 'react';
import HouseholdLoader from '@/components/HouseholdPanel/HouseholdLoader';
import type { TStudent } from '@/contracts/students';
import { createHouseholdForStudent } from '@/services/households';
import { runWithMessages } from '@/utils/runWithMessages';

/** The student's household, or a way to make one from the student's own contact details. */
export default function HouseholdTab({ student }: { student: TStudent }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [householdId, setHouseholdId] = useState(student.householdId);
  if (householdId !== null) return <HouseholdLoader id={householdId} />;
  const create = () =>
    runWithMessages('add', async () => setHouseholdId((await createHouseholdForStudent(student.id)).id));
  return (
    <Empty description={t('households.none')}>
      <Button type="primary" onClick={create}>
        {t('households.create')}
      </Button>
    </Empty>
  );
}
