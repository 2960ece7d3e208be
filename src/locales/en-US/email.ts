// /email: compose, templates, history.
export default {} as Record<string, string>;
