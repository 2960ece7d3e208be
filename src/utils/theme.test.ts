import { describe, expect, it } from 'vitest';
import defaultSettings from '../../config/defaultSettings';
import { accessibleTheme, BRAND_PRIMARY, PRIMARY_TEXT, SECONDARY_TEXT } from '../../config/theme';
import { contrastRatio } from './contrast';

const AA_TEXT = 4.5;
const AA_NON_TEXT = 3;
const { token, components } = accessibleTheme;

describe('the antd theme meets WCAG 2.2 AA contrast (issue 19)', () => {
  it('keeps #1890ff as the brand colour, which meets 3:1 for borders, icons and focus rings', () => {
    expect(token.colorPrimary).toBe('#1890ff');
    expect(contrastRatio(BRAND_PRIMARY, '#ffffff')).toBeGreaterThanOrEqual(AA_NON_TEXT);
    // ...but not 4.5:1, which is why text never uses it.
    expect(contrastRatio(BRAND_PRIMARY, '#ffffff')).toBeLessThan(AA_TEXT);
  });

  it.each([
    ['links', token.colorLink, '#ffffff'],
    ['primary buttons: white on', '#ffffff', components.Button.colorPrimary],
    ['selected tab', components.Tabs.itemSelectedColor, '#ffffff'],
    ['checked switch: white on', '#ffffff', components.Switch.colorPrimary],
    ['unchecked switch: white on', '#ffffff', components.Switch.colorTextQuaternary],
    ['secondary text', SECONDARY_TEXT, '#ffffff'],
    ['secondary text on the table header', SECONDARY_TEXT, '#fafafa'],
    ['danger text', token.colorError, '#ffffff'],
    ['placeholders', token.colorTextPlaceholder, '#ffffff'],
    ['placeholders on a filter bar', token.colorTextPlaceholder, '#fafafa'],
    ['success tag', components.Tag.colorSuccess, '#f6ffed'],
    ['processing tag', components.Tag.colorInfo, '#e6f4ff'],
    ['warning tag', components.Tag.colorWarning, '#fffbe6'],
    ['green tag', components.Tag.green7, '#f6ffed'],
    ['gold tag', components.Tag.gold7, '#fffbe6'],
    ['orange tag', components.Tag.orange7, '#fff7e6'],
    ['cyan tag', components.Tag.cyan7, '#e6fffb'],
    ['volcano tag', components.Tag.volcano7, '#fff2e8'],
    ['selected menu item: white on', '#ffffff', defaultSettings.token?.sider?.colorBgMenuItemSelected ?? ''],
  ])('%s: %s on %s is at least 4.5:1', (_what, text, background) => {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('uses the darker blue of the same family for text', () => {
    expect(PRIMARY_TEXT).toBe('#0958d9');
    expect(contrastRatio(PRIMARY_TEXT, '#ffffff')).toBeCloseTo(6.16, 1);
  });
});
