/** The published entry of `<fe-checkout>`: the element, and the element scripts of the page's load sequence. */
import './scripts';
export * from '../checkout/index';
