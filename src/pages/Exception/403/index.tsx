import { history, useIntl } from '@umijs/max';
import { Button, Result } from 'antd';

/** Shown by the layout (runtime `unAccessible`) when the user lacks a route's right. */
export default function ForbiddenPage() {
  const intl = useIntl();
  return (
    <Result
      status="403"
      title={<h1 className="levelup-page-title">403</h1>}
      subTitle={intl.formatMessage({ id: 'pages.exception.403' })}
      extra={
        <Button type="primary" onClick={() => history.push('/')}>
          {intl.formatMessage({ id: 'pages.exception.backHome' })}
        </Button>
      }
    />
  );
}
