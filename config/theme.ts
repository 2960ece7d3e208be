/**
 * The antd theme (issue 19: WCAG 2.2 AA contrast). DECISIONS.md "Interface": #1890ff stays the brand's
 * primary colour (borders, icons, focus rings, checkboxes, large text); wherever text is white on the
 * primary or is itself primary-coloured at normal size, the darker #0958d9 of the same blue family is
 * used, so that text meets 4.5:1. `src/utils/theme.test.ts` measures the text/background pairs below.
 */
export const BRAND_PRIMARY = '#1890ff';
/** Primary-coloured text, and the background of white text (6.16:1 with white). */
export const PRIMARY_TEXT = '#0958d9';
const PRIMARY_TEXT_HOVER = '#003eb3';
const PRIMARY_TEXT_ACTIVE = '#002c8c';
/** Secondary and description text: 5.74:1 on white, 5.50:1 on the table header's #fafafa. */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';
export const ERROR_TEXT = '#cf1322';
export const SUCCESS_TEXT = '#237804';
export const WARNING_TEXT = '#874d00';
/**
 * Placeholder text ("Select students", "Search..."): antd's 25 % black (#bfbfbf, 1.8:1) fails 4.5:1,
 * and a multiple select draws its placeholder as real text that axe measures. 4.74:1 on white, 4.54:1
 * on #fafafa; still lighter than a value (88 % black), so an empty field reads as empty.
 */
export const PLACEHOLDER_TEXT = '#737373';

const primaryText = {
  colorPrimary: PRIMARY_TEXT,
  colorPrimaryHover: PRIMARY_TEXT_HOVER,
  colorPrimaryActive: PRIMARY_TEXT_ACTIVE,
  colorPrimaryTextHover: PRIMARY_TEXT_HOVER,
  colorPrimaryText: PRIMARY_TEXT,
  colorPrimaryTextActive: PRIMARY_TEXT_ACTIVE,
};

export const accessibleTheme = {
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorLink: PRIMARY_TEXT,
    colorLinkHover: PRIMARY_TEXT_HOVER,
    colorLinkActive: PRIMARY_TEXT_ACTIVE,
    colorInfo: PRIMARY_TEXT,
    colorError: ERROR_TEXT,
    // Text in the status colours (Typography type="success", form messages...).
    colorSuccessText: SUCCESS_TEXT,
    colorWarningText: WARNING_TEXT,
    colorErrorText: ERROR_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextPlaceholder: PLACEHOLDER_TEXT,
  },
  components: {
    // White on the primary (primary buttons), primary-coloured text (default/link buttons' hover).
    Button: { ...primaryText, colorError: ERROR_TEXT, colorErrorHover: '#a8071a', colorErrorActive: '#820014' },
    Pagination: primaryText,
    Tabs: { itemSelectedColor: PRIMARY_TEXT, itemHoverColor: PRIMARY_TEXT_HOVER, itemActiveColor: PRIMARY_TEXT_ACTIVE },
    // White text on the switch: checked on the dark blue, unchecked on a dark grey (7.0:1).
    Switch: {
      colorPrimary: PRIMARY_TEXT,
      colorPrimaryHover: PRIMARY_TEXT_HOVER,
      colorTextQuaternary: '#595959',
      colorTextTertiary: '#434343',
    },
    DatePicker: primaryText,
    Calendar: primaryText,
    Radio: { ...primaryText, buttonSolidCheckedBg: PRIMARY_TEXT, buttonSolidCheckedHoverBg: PRIMARY_TEXT_HOVER },
    Segmented: { itemSelectedColor: PRIMARY_TEXT },
    Steps: primaryText,
    Menu: { itemSelectedColor: PRIMARY_TEXT, itemSelectedBg: '#e6f4ff', darkItemSelectedBg: PRIMARY_TEXT },
    Select: { optionSelectedColor: 'rgba(0, 0, 0, 0.88)' },
    // Tags: the preset colours' text is the palette's 7th shade on its 1st, too pale for some.
    Tag: {
      colorSuccess: SUCCESS_TEXT,
      colorInfo: PRIMARY_TEXT,
      colorWarning: WARNING_TEXT,
      colorError: ERROR_TEXT,
      green7: SUCCESS_TEXT,
      gold7: WARNING_TEXT,
      orange7: '#873800',
      cyan7: '#006d75',
      volcano7: '#ad2102',
      lime7: '#3f6600',
      yellow7: '#614700',
    },
    // The empty text of tables ("No class is missing feedback") in the disabled grey is 1.8:1.
    Table: { colorTextDisabled: SECONDARY_TEXT },
    Empty: { colorTextDisabled: SECONDARY_TEXT },
    Badge: { colorError: ERROR_TEXT },
    Form: { colorError: ERROR_TEXT },
    Statistic: { colorTextDescription: SECONDARY_TEXT },
  },
};
