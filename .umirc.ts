import path from 'node:path';
import { defineConfig } from '@umijs/max';
import defaultSettings from './config/defaultSettings';
import routes from './config/routes';
import { accessibleTheme } from './config/theme';

export default defineConfig({
  title: 'Level Up',
  // UMI_OUTPUT_PATH lets parallel work build side by side; the server serves SPA_DIR (default dist).
  outputPath: process.env.UMI_OUTPUT_PATH ?? 'dist',
  hash: true,
  // esbuild's minifier otherwise hoists helpers with clashing names across async chunks (Umi's
  // build check fails with "Found conflicts in esbuild helpers").
  esbuildMinifyIIFE: true,
  routes,
  favicons: ['/favicon.svg'],
  // The installable app (issue 11): the web app manifest, the theme colour of the browser's bars and
  // the icon iOS puts on the home screen (it reads no manifest icons).
  links: [
    { rel: 'manifest', href: '/manifest.webmanifest' },
    { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png' },
  ],
  metas: [
    // Umi's default viewport forbids zoom (user-scalable=no, maximum-scale=1.0): a teacher must be able
    // to pinch-zoom (WCAG 1.4.4, issue 19). Naming our own viewport replaces Umi's.
    { name: 'viewport', content: 'width=device-width, initial-scale=1' },
    { name: 'theme-color', content: '#1890ff' },
  ],
  // A back office used on current browsers (Intl.supportedValuesOf, used by the register page, needs
  // Safari 15.4 anyway). They have every standard feature the app and its libraries use natively, so
  // no core-js: it was ~135 kB of source in the entry script that every first visit downloaded.
  targets: { chrome: 100, edge: 100, firefox: 100, safari: 16 },
  polyfill: { imports: [] },
  // antd 5 dates are dayjs; without this the locale plugin also bundles moment and its locales.
  moment2dayjs: { preset: 'antd', plugins: [] },
  antd: {
    // An (empty) configProvider makes the antd plugin render a ConfigProvider that src/app.tsx's
    // `antd` runtime hook can give the text direction to.
    configProvider: {},
    // WCAG 2.2 AA (issue 19, DECISIONS.md "Interface"): #1890ff stays the brand colour (borders,
    // icons, focus rings, checkboxes, the menu's marks); text that is primary-coloured or white on the
    // primary uses #0958d9 (6.2:1 on white), and every other text colour meets 4.5:1 on its background.
    // config/theme.ts holds the tokens (a test measures each pair).
    theme: accessibleTheme,
  },
  access: {},
  model: {},
  // What shows while getInitialState loads the account (Umi's default is an empty div).
  initialState: { loading: '@/components/AppLoading' },
  request: {},
  layout: { locale: true, ...defaultSettings },
  locale: {
    // en-US unless the user picked another language (kept by Umi in localStorage `umi_locale`);
    // baseNavigator: false so the browser's language does not override the default.
    default: 'en-US',
    antd: true,
    baseNavigator: false,
    useLocalStorage: true,
    baseSeparator: '-',
  },
  // The dev server forwards API calls to the real Express server; there are no mock files.
  mock: false,
  proxy: {
    '/api': { target: 'http://localhost:8000', changeOrigin: true },
  },
  // MFSU pre-bundles dependencies with a cache that needs no network, but it buys little here and
  // makes dev-only failures differ from the production build.
  mfsu: false,
  // ANALYZE=1 writes the bundle's make-up to <outputPath>/report.json (webpack-bundle-analyzer).
  analyze: {
    analyzerMode: 'json',
    reportFilename: 'report.json',
    generateStatsFile: true,
    statsOptions: { all: false, modules: true, nestedModules: true, reasons: true, chunks: true, ids: true },
  },
  // Brotli and gzip copies of the output, written after each build (served by server/http/static.ts).
  plugins: ['./config/compress-plugin.ts', './config/first-load-plugin.ts'],
  // Vendor code in a few stable chunks (react, antd, pro-components...) shared by every page and
  // cached across releases, instead of one vendor chunk per combination of pages.
  codeSplitting: { jsStrategy: 'granularChunks' },
  chainWebpack(memo, { webpack }) {
    // Umi provides Node's Buffer to any module that names it; only axios's Node branch does (never
    // taken in a browser), and the polyfill cost every first visit ~48 kB of source.
    memo.plugin('node-polyfill-provider').tap(([provided]) => [{ process: provided.process }]);
    // Umi's layout plugin imports the menu icons from its own @ant-design/icons 4, a second copy of
    // the icon runtime (and its colours) in the entry script: use the app's @ant-design/icons 5.
    memo.resolve.alias.set(
      path.resolve('node_modules/@umijs/plugins/node_modules/@ant-design/icons'),
      path.resolve('node_modules/@ant-design/icons'),
    );
    // ProForm's colour field keeps a fallback picker for antd < 5.5 (sketch-color, reactcss,
    // tinycolor2, a CommonJS lodash) that antd 5.29 never renders: a stub keeps it out of the lists.
    memo.resolve.alias.set('@chenshuai2144/sketch-color$', path.resolve('config/stubs/sketch-color.ts'));
    // Umi's antd plugin merges its config with CommonJS lodash/merge (~8 kB gzip in the entry script);
    // the same function from lodash-es shares the helpers pro-components already load.
    memo.resolve.alias.set(
      `${path.resolve('node_modules/lodash/merge')}$`,
      path.resolve('node_modules/lodash-es/merge.js'),
    );
    // rc-resize-observer's polyfill returns the browser's own ResizeObserver: every target has one.
    memo.resolve.alias.set('resize-observer-polyfill$', path.resolve('config/stubs/resize-observer.ts'));
    // Umi's entry code is compiled against its own older @babel/runtime copies: one set of helpers
    // (7.x keeps every helper of earlier 7.x releases) instead of three in the entry script.
    for (const nested of ['@umijs/babel-preset-umi', 'umi']) {
      memo.resolve.alias.set(
        path.resolve(`node_modules/${nested}/node_modules/@babel/runtime`),
        path.resolve('node_modules/@babel/runtime'),
      );
    }
    // ProTable bundles every ProField value type; seven no screen uses are stubbed (see the stub). The
    // teacher form's colour is antd's own ColorPicker, loaded with that form only.
    for (const field of ['Cascader', 'ColorPicker', 'Image', 'Progress', 'Rate', 'Slider', 'TreeSelect']) {
      memo.resolve.alias.set(
        `${path.resolve(`node_modules/@ant-design/pro-field/es/components/${field}`)}$`,
        path.resolve('config/stubs/pro-field-unused.ts'),
      );
    }
    // ProTable's search form can take every ProForm layout; the multi-step one (antd Steps and Progress)
    // no screen uses (see the stub).
    memo.resolve.alias.set(
      `${path.resolve('node_modules/@ant-design/pro-form/es/layouts/StepsForm')}$`,
      path.resolve('config/stubs/steps-form.ts'),
    );
    // Umi's polyfill imports regenerator-runtime into the entry script; no target browser needs it (see the stub).
    memo.resolve.alias.set(
      `${path.resolve('node_modules/regenerator-runtime/runtime.js')}$`,
      path.resolve('config/stubs/regenerator-runtime.ts'),
    );
    // The Chinese messages out of the entry script (every first visit carried both languages): where
    // Umi's locale plugin imports src/locales/zh-CN.ts, an empty stub instead; the messages load as their
    // own chunk before the first render when zh-CN is chosen (src/utils/localeMessages.ts). Only that
    // importer's request is replaced (an alias would replace the lazy import too).
    memo.plugin('zh-CN-messages-lazy').use(webpack.NormalModuleReplacementPlugin, [
      /[\\/]src[\\/]locales[\\/]zh-CN\.ts$/,
      (resource: { request: string; contextInfo?: { issuer?: string } }) => {
        if (/[\\/]plugin-locale[\\/]/.test(resource.contextInfo?.issuer ?? ''))
          resource.request = path.resolve('config/stubs/zh-CN-messages.ts');
      },
    ]);
    // Spec section 9: a script chunk may take up to 120 s to load before the load counts as failed.
    memo.output.chunkLoadTimeout(120_000);
  },
});
