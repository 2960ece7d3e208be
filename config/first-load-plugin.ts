// A local Umi plugin for the first load on a phone (issue 24), on the generated index.html:
// 1. Every script is `defer`: Umi puts framework.js and preload_helper.js in <head> as blocking scripts,
//    so nothing painted before they were downloaded and run. Deferred scripts still run in document
//    order (framework, preload helper, umi.js at the end of <body>), after the (tiny) document is parsed.
// 2. #root holds a static app shell, the brand as the sign-in page draws it (same size, same place): a
//    phone shows it as soon as index.html and umi.css arrive, instead of a white screen until the
//    scripts have run. React replaces it on its first render (createRoot clears the container).
import type { IApi } from '@umijs/max';

/** The sign-in page's heading (src/pages/User/Login): the frame's 48 px bar, 32 px padding, 24 px above. */
export const APP_SHELL =
  '<div class="levelup-shell" aria-hidden="true" style="min-height:100vh;padding-top:104px;background:#f0f2f5">' +
  '<div style="display:flex;align-items:center;justify-content:center;gap:16px;height:44px">' +
  '<img alt="" src="/logo.svg" height="44" width="44">' +
  '<h1 style="margin:0;font-size:33px;font-weight:600;color:rgba(0,0,0,0.88)">Level Up</h1>' +
  '</div></div>';

export default (api: IApi) => {
  api.modifyHTML(($) => {
    $('script[src]').each((_i, element) => {
      const script = $(element);
      if (script.attr('async') === undefined && script.attr('type') !== 'module') script.attr('defer', '');
    });
    $('#root').html(APP_SHELL);
    return $;
  });
};
