import { TranslationOutlined } from '@ant-design/icons';
import { getAllLocales, getLocale, setLocale, useIntl } from '@umijs/max';
import { Button, Dropdown } from 'antd';

/** Each language named in itself, as language pickers do. */
const LANGUAGE_NAMES: Record<string, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

/**
 * The language switch of the header and the sign-in pages. Umi's SelectLang draws a bare icon with
 * no role or name; this one is a button named "Language" that a keyboard and a screen reader reach.
 * Choosing a language stores it (localStorage `umi_locale`) and reloads, as SelectLang does.
 */
export default function LanguageSwitch() {
  const intl = useIntl();
  const current = getLocale();
  const items = getAllLocales().map((lang) => ({
    key: lang,
    label: <span lang={lang}>{LANGUAGE_NAMES[lang] ?? lang}</span>,
  }));
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, selectable: true, selectedKeys: [current], onClick: ({ key }) => setLocale(key) }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={intl.formatMessage({ id: 'common.language' })} />
    </Dropdown>
  );
}
