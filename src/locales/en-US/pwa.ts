// The offline-capable app (issue 11): update prompt, offline notice, install.
export default {};
