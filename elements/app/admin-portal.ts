/** The published entry of `<fe-admin-portal>`: the element, and the element scripts of the page's load sequence. */
import './scripts';
export * from '../admin-portal/index';
