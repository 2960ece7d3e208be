// Stands in for regenerator-runtime/runtime.js, which Umi's polyfill imports into the entry script
// (aliased in .umirc.ts; ~2.5 kB gzip on every first visit). It defines a global regeneratorRuntime for
// code compiled to ES5 generators. Every target browser runs async functions and generators natively,
// our code is compiled for them, and no bundled library reads that global (pro-components' Babel helpers
// carry their own): a dependency that did would fail with a ReferenceError in the browser tests.
export {};
