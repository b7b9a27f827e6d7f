/** The published entry of `<fe-login-box>`: the element, and the element scripts of the page's load sequence. */
import './scripts';
export * from '../login-box/index';
