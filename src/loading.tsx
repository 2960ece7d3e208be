// Umi's global loading (its convention: src/loading.tsx): drawn while a page's or the layout's code
// loads, where an empty frame was (issue 37, finding 15).
export { default } from './components/AppLoading';
