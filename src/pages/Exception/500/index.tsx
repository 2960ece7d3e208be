import { history, useIntl, useSearchParams } from '@umijs/max';
import { Button, Result } from 'antd';

/** The error page: errors with showType 9 land here with `errorCode` and `errorMessage` in the query. */
export default function ServerErrorPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const errorCode = params.get('errorCode');
  return (
    <Result
      status="500"
      title={<h1 className="levelup-page-title">{errorCode || '500'}</h1>}
      subTitle={params.get('errorMessage') || intl.formatMessage({ id: 'pages.exception.500' })}
      extra={
        <Button type="primary" onClick={() => history.push('/')}>
          {intl.formatMessage({ id: 'pages.exception.backHome' })}
        </Button>
      }
    />
  );
}
