/** The published entry of `<fe-security-center>`: the element, and the element scripts of the page's load sequence. */
import './scripts';
export * from '../security-center/index';
