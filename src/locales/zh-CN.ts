import common from './zh-CN/common';
import menu from './zh-CN/menu';
import pages from './zh-CN/pages';
import request from './zh-CN/request';

// One line per file; helpers' feature files (lists, forms, ...) are spread in after these.
export default { ...common, ...menu, ...pages, ...request };
