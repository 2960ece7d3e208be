import type { ProLayoutProps } from '@ant-design/pro-components';

/**
 * ProLayout settings (spec section 1: title "Level Up", dark side menu, side layout, fluid width,
 * fixed sider, no fixed header, primary colour #1890ff). Read by .umirc.ts and by the runtime
 * layout in src/app.tsx (the Umi layout plugin only forwards a few build-time keys).
 *
 * antd 5's ProLayout has no "dark" navTheme (only 'light' and 'realDark', which darkens every
 * page), so the dark sider comes from the sider design tokens below.
 */
const defaultSettings: ProLayoutProps = {
  title: 'Level Up',
  navTheme: 'light',
  layout: 'side',
  contentWidth: 'Fluid',
  fixSiderbar: true,
  fixedHeader: false,
  colorPrimary: '#1890ff',
  splitMenus: false,
  token: {
    sider: {
      colorMenuBackground: '#001529',
      colorMenuItemDivider: 'rgba(255,255,255,0.15)',
      colorTextMenu: 'rgba(255,255,255,0.75)',
      colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
      colorTextMenuSelected: '#ffffff',
      colorTextMenuActive: '#ffffff',
      colorTextMenuItemHover: '#ffffff',
      colorTextMenuTitle: '#ffffff',
      colorTextSubMenuSelected: '#ffffff',
      // White text on the selected item: #0958d9 (6.16:1), the brand blue's darker shade (issue 19).
      colorBgMenuItemSelected: '#0958d9',
      colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
      colorBgMenuItemCollapsedElevated: '#001529',
      colorTextCollapsedButton: 'rgba(255,255,255,0.75)',
      colorTextCollapsedButtonHover: '#ffffff',
      colorBgCollapsedButton: '#002140',
    },
  },
};

export default defaultSettings;
