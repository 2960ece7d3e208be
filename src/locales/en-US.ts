import menu from './en-US/menu';
import pages from './en-US/pages';
import request from './en-US/request';

export default { ...menu, ...pages, ...request };
