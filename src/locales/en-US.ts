import common from './en-US/common';
import menu from './en-US/menu';
import pages from './en-US/pages';
import request from './en-US/request';

// One line per file; helpers' feature files (lists, forms, ...) are spread in after these.
export default { ...common, ...menu, ...pages, ...request };
