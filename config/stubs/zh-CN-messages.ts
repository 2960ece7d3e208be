// Stands in for src/locales/zh-CN.ts where Umi's locale plugin imports it into the entry script (see
// .umirc.ts): the Chinese messages (~30 kB gzip) are then their own chunk, loaded before the first render
// only when the chosen language is zh-CN (src/utils/localeMessages.ts), not on every first visit.
export default {};
