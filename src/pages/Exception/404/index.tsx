import { history, useIntl } from '@umijs/max';
import { Button, Result } from 'antd';

export default function NotFoundPage() {
  const intl = useIntl();
  return (
    <Result
      status="404"
      title={<h1 className="levelup-page-title">404</h1>}
      subTitle={intl.formatMessage({ id: 'pages.exception.404' })}
      extra={
        <Button type="primary" onClick={() => history.push('/')}>
          {intl.formatMessage({ id: 'pages.exception.backHome' })}
        </Button>
      }
    />
  );
}
