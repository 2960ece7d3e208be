import menu from './zh-CN/menu';
import pages from './zh-CN/pages';
import request from './zh-CN/request';

export default { ...menu, ...pages, ...request };
