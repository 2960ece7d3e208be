import { TranslationOutlined } from '@ant-design/icons';
import { getAllLocales, getLocale, setLocale, useIntl, useModel } from '@umijs/max';
import { Button, Dropdown } from 'antd';
import { saveLanguage } from '@/services/account';

/** Each language named in itself, as language pickers do. */
const LANGUAGE_NAMES: Record<string, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

/**
 * The language switch of the header and the sign-in pages. Umi's SelectLang draws a bare icon with
 * no role or name; this one is a button named "Language: <the current one>" that a keyboard and a
 * screen reader reach. Choosing a language stores it
 * (localStorage `umi_locale`) and reloads, as SelectLang does; signed in, it is also the person's own
 * language from then on, on every device and in their messages (issue 37, finding 8).
 */
export default function LanguageSwitch() {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const signedIn = Boolean(initialState?.currentUser);
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
      {/* Its name says what it is and which language is on: "Language: English". No visible text: the
          switch sits in the dark sider's footer on a desktop, where a label drawn in the button's colour
          had no contrast. */}
      <Button type="text" icon={<TranslationOutlined />} aria-label={`${name}: ${currentName}`} />
    </Dropdown>
  );
}
