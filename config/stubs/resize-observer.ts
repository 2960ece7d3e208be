// Stands in for resize-observer-polyfill (aliased in .umirc.ts): the package hands back the
// browser's own ResizeObserver when there is one, which every browser the build targets has, yet
// bundled its fallback in every first load (issue 6, section 2).
export default globalThis.ResizeObserver;
