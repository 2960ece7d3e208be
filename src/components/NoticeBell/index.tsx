import { BellOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Badge, Button, Grid, Popover } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { listNotices } from './service';

// The list (and its grouping, links and dates) loads only when the bell is first opened.
const NoticeList = lazy(() => import('./NoticeList'));

/** The seed's focus refresh: the count is read again when the window regains focus, at most this often. */
const FOCUS_REFRESH_MS = 5_000;

/** The header's bell: the unread count, and the user's notices in a popover. */
export default function NoticeBell() {
  const intl = useIntl();
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const lastRead = useRef(0);
  // Wide screens show the header's actions at the foot of the side menu: the list opens beside it.
  const wide = Grid.useBreakpoint().md;

  const refresh = useCallback(() => {
    lastRead.current = Date.now();
    listNotices({ limit: 1 })
      .then((reply) => setUnread(reply.unread))
      .catch(() => undefined); // the count stays as it was; the next focus tries again
  }, []);

  useEffect(() => {
    refresh();
    const onFocus = () => {
      if (Date.now() - lastRead.current >= FOCUS_REFRESH_MS) refresh();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refresh]);

  // The name says what the badge shows (WCAG 2.5.3): "Notifications, 3 unread".
  const label = unread
    ? intl.formatMessage({ id: 'a11y.notifications' }, { count: unread })
    : intl.formatMessage({ id: 'notices.bell' });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      // On a phone, centred under the bell in the header and shifted to stay on screen.
      placement={wide ? 'rightBottom' : 'bottom'}
      arrow={false}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
      content={
        <Suspense fallback={<div style={{ width: 'min(380px, calc(100vw - 24px))', height: 120 }} />}>
          <NoticeList onUnread={setUnread} onClose={() => setOpen(false)} />
        </Suspense>
      }
    >
      <Button
        type="text"
        aria-label={label}
        title={label}
        data-testid="notice-bell"
        style={{ paddingInline: 8 }}
        icon={
          <Badge count={unread} size="small" overflowCount={99} data-testid="notice-count">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
