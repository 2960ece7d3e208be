import { getIntl } from '@umijs/max';

/**
 * Drawn while the signed-in account loads (Umi's initialState `loading`), instead of Umi's empty div:
 * a page opened from a link showed a blank frame until the account and the page were in (issue 37,
 * finding 15). Plain markup and CSS (global.css), no antd, so the entry script stays small; it fades
 * in after a moment, so a fast load shows nothing at all. The locale's messages are in by now
 * (src/app.tsx's render waits for them).
 */
export default function AppLoading() {
  return (
    <div className="levelup-app-loading" role="status" aria-live="polite">
      <span className="levelup-app-loading-mark" aria-hidden="true" />
      <span>{getIntl().formatMessage({ id: 'app.loading' })}</span>
    </div>
  );
}
