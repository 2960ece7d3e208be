// Stands in for @chenshuai2144/sketch-color (aliased in .umirc.ts). ProForm's colour field imports
// it for antd < 5.5 only; with antd 5.5+ it renders antd's own ColorPicker. The real package and
// what it brings (reactcss, tinycolor2 and a CommonJS lodash) were ~45 kB gzip in every list page's
// first load, never run (issue 6, section 2).
export function SketchPicker(): null {
  throw new Error('@chenshuai2144/sketch-color is stubbed: pro-field uses antd ColorPicker on antd 5.5+');
}
