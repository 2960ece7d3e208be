import { PageContainer } from '@ant-design/pro-components';
import { Link, useParams } from '@umijs/max';
import { Alert, Card, Descriptions, Empty, Spin, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { TStudent } from '@/contracts/students';
import { getStudent } from '@/services/students';
import TermRegisterTab from './components/TermRegisterTab';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

function DetailInformation({ student: s }: { student: TStudent }) {
  return (
    <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
      <Descriptions.Item label="Student ID">{s.studentId}</Descriptions.Item>
      <Descriptions.Item label="Status">
        {s.active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label="First name">{s.firstName}</Descriptions.Item>
      <Descriptions.Item label="Last name">{s.lastName}</Descriptions.Item>
      <Descriptions.Item label="Email">{s.email ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Phone">{s.phone ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Wechat">{s.wechat ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Start date">{s.startDate ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Referrer">{s.referrer?.name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Hourly rate">{s.hourlyRate ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Allow SMS">{yesNo(s.allowSms)}</Descriptions.Item>
      <Descriptions.Item label="Allow email">{yesNo(s.allowEmail)}</Descriptions.Item>
      <Descriptions.Item label="Feedback email">{s.feedbackEmail ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Feedback notification">{yesNo(s.feedbackNotification)}</Descriptions.Item>
      <Descriptions.Item label="Comments" span={2}>
        {s.comments ?? '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** /student/studentDashboard/:id: one student's details, schedules, vouchers and term registers. */
export default function StudentDashboardPage() {
  const id = Number(useParams().id);
  const [student, setStudent] = useState<TStudent>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    getStudent(id)
      .then(setStudent)
      .catch(() => setFailed(true));
  }, [id]);

  if (failed) {
    return (
      <PageContainer title="Student">
        <Alert
          type="error"
          showIcon
          message="This student could not be loaded"
          action={<Link to="/student">Back</Link>}
        />
      </PageContainer>
    );
  }
  if (!student) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <PageContainer title={`${student.firstName} ${student.lastName}`} subTitle={student.studentId}>
      <Card>
        <Tabs
          items={[
            { key: 'detail', label: 'Detail Information', children: <DetailInformation student={student} /> },
            {
              key: 'schedule',
              label: 'Course Schedule',
              children: <Empty description="Course schedules arrive with the schedules feature." />,
            },
            {
              key: 'voucher',
              label: 'Voucher History',
              children: <Empty description="Voucher history arrives with the vouchers feature." />,
            },
            { key: 'term', label: 'Term Register', children: <TermRegisterTab studentId={student.id} /> },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
