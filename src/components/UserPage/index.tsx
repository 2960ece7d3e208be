import type { ReactNode } from 'react';
import LanguageSwitch from '../LanguageSwitch';

/** The frame of the sign-in pages (/user/*): no menu, the language switch at the top. */
export default function UserPage({ children }: { children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', background: '#f0f2f5' }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: 48, padding: '0 16px' }}>
        <LanguageSwitch />
      </div>
      <div style={{ flex: 1, padding: '32px 0' }}>{children}</div>
    </div>
  );
}
