import { TranslationOutlined } from '@ant-design/icons';
import { getAllLocales, getLocale, setLocale, useIntl, useModel } from '@umijs/max';
import { Button, Dropdown, Grid } from 'antd';
import { saveLanguage } from '@/services/account';

/** Each language named in itself, as language pickers do. */
const LANGUAGE_NAMES: Record<string, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

/**
 * The language switch of the header and the sign-in pages. Umi's SelectLang draws a bare icon with
 * no role or name; this one is a button named "Language" (with the current language beside the icon
 * where there is room) that a keyboard and a screen reader reach. Choosing a language stores it
 * (localStorage `umi_locale`) and reloads, as SelectLang does; signed in, it is also the person's own
 * language from then on, on every device and in their messages (issue 37, finding 8).
 */
export default function LanguageSwitch() {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const signedIn = Boolean(initialState?.currentUser);
  const wide = Grid.useBreakpoint().md;
  const current = getLocale();
  const currentName = LANGUAGE_NAMES[current] ?? current;
  const items = getAllLocales().map((lang) => ({
    key: lang,
    label: <span lang={lang}>{LANGUAGE_NAMES[lang] ?? lang}</span>,
  }));
  const choose = async (key: string) => {
    // Offline or refused: this device switches all the same, as it did before the choice was kept.
    if (signedIn && (key === 'en-US' || key === 'zh-CN')) await saveLanguage(key).catch(() => undefined);
    setLocale(key);
  };
  const name = intl.formatMessage({ id: 'common.language' });
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, selectable: true, selectedKeys: [current], onClick: ({ key }) => void choose(key) }}
    >
      {/* The visible language's name is part of the accessible name (WCAG 2.5.3, label in name). */}
      <Button type="text" icon={<TranslationOutlined />} aria-label={wide ? `${name}: ${currentName}` : name}>
        {wide && <span lang={current}>{currentName}</span>}
      </Button>
    </Dropdown>
  );
}
