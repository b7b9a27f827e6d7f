// Test helpers of the SSO and Provisioning pages: the portal on the recording transport of the roles kit
// (the preview's answers, no delay, every request recorded), opened on one of the two pages, and the controls
// the pages name in their accessible names (radios, switches, regions, tabs, file inputs).
import { $, mount, setValue, waitUntil } from '../../../../shared/element/testing';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { store } from '../../../../shared/store';
import { BASE, signIn, type RecordingTransport } from '../roles/portalTestKit';
import { samlDraftsAtom } from './sso.atoms';

/** The two entries are hidden by default (ROUTE-031/032): the test host shows them by permission. */
export const NAVIGATION = JSON.stringify({
  sso: { visibility: 'byPermissions' },
  provisioning: { visibility: 'byPermissions' },
  roles: { visibility: 'byPermissions' },
});

/** Mounts the portal for a user with these keys and opens the page from the navigation. */
export async function openPortalPage(
  page: 'sso' | 'provisioning',
  permissions: string[],
): Promise<HTMLElement> {
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  store.set(samlDraftsAtom, {});
  signIn(permissions);
  const el = await mount(
    'fe-admin-portal',
    { 'base-url': BASE, navigation: NAVIGATION, 'log-level': 'none' },
    (root) => root.querySelector(`nav [data-entry="${page}"]`) !== null,
  );
  $<HTMLButtonElement>(el, `nav [data-entry="${page}"]`)!.click();
  await waitUntil(() => $(el, `[data-page="${page}"]`), `the ${page} page did not open`);
  return el;
}

/** A JSON call straight to the transport's preview (test set-up: what is there before the page opens). */
export async function previewCall<T = unknown>(
  transport: RecordingTransport,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await transport.preview(`${BASE}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer token' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Holds the answers of the requests `matches` picks until `release()`: a test sees the page while the call
 * runs (SSO-005's loading state).
 */
export function holdRequests(
  transport: RecordingTransport,
  matches: (method: string, path: string) => boolean,
) {
  const original = transport.fetch.bind(transport);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  transport.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (matches((init.method ?? 'GET').toUpperCase(), url.pathname)) await gate;
    return original(input, init);
  };
  return { release };
}

/** The region of a configuration, by its accessible name ("SAML configuration 1"). */
export const region = (el: HTMLElement, name: string): HTMLElement | null =>
  el.shadowRoot!.querySelector<HTMLElement>(`[role="region"][aria-label="${name}"]`);

/** Clicks the radio labelled `label` inside `root`. */
export function chooseRadio(root: ParentNode, label: string): void {
  const found = [...root.querySelectorAll('label')].find(
    (l) => l.textContent?.trim() === label && l.querySelector('input[type="radio"]'),
  );
  if (!found) throw new Error(`no radio "${label}"`);
  found.querySelector<HTMLInputElement>('input')!.click();
}

/** Clicks the checkbox labelled `label` inside `root` (in the fieldset whose legend is `legend`, if given). */
export function toggleCheckbox(root: ParentNode, label: string, legend?: string): void {
  const scope = legend
    ? ([...root.querySelectorAll('fieldset')].find(
        (f) => f.querySelector('legend')?.textContent === legend,
      ) ?? null)
    : root;
  const found = [...(scope?.querySelectorAll('label') ?? [])].find(
    (l) => l.textContent?.trim() === label && l.querySelector('input[type="checkbox"]'),
  );
  if (!found) throw new Error(`no checkbox "${label}"${legend ? ` in ${legend}` : ''}`);
  found.querySelector<HTMLInputElement>('input')!.click();
}

/**
 * The control a `<label for>` with this text names. A radio's wrapping label may carry the same text (the
 * "Metadata URL" radio and the "Metadata URL" field): only labels pointing at a control count.
 */
export function labelled<E extends HTMLElement = HTMLInputElement>(
  root: ParentNode,
  label: string,
): E | null {
  const labelEl = [...root.querySelectorAll('label')].find(
    (l) => l.htmlFor && l.textContent?.trim() === label,
  );
  return labelEl ? root.querySelector<E>(`[id="${labelEl.htmlFor}"]`) : null;
}

/** Types into the text field labelled `label`, as a user does. */
export function typeInto(root: ParentNode, label: string, value: string): void {
  const input = labelled(root, label);
  if (!input) throw new Error(`no field "${label}"`);
  setValue(input, value);
}

/** Puts a file into the file input labelled `label`, as a user choosing it does. */
export function chooseFile(root: ParentNode, label: string, file: File): void {
  const input = labelled(root, label);
  if (!input || input.type !== 'file') throw new Error(`no file input "${label}"`);
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Types into the text area labelled `label`. */
export function fillTextArea(root: ParentNode, label: string, value: string): void {
  const area = labelled<HTMLTextAreaElement>(root, label);
  if (!area) throw new Error(`no text area "${label}"`);
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, value);
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Opens the tab named `name` of a region. */
export function openTab(scope: HTMLElement, name: string): void {
  const tab = [...scope.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
    (b) => b.textContent === name,
  );
  if (!tab) throw new Error(`no tab "${name}"`);
  tab.click();
}

/** The input labelled `label` (its value). */
export const inputOf = (root: ParentNode, label: string): HTMLInputElement | null => labelled(root, label);

export { setValue };

/** SAML IdP metadata as an IdP publishes it (an HTTP-Redirect sign-in endpoint and a signing certificate). */
export function idpMetadata(entityId = 'https://idp.example.test/metadata'): string {
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${TEST_CERTIFICATE_BODY}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** A self-signed certificate's body (base64 DER, EC P-256, CN idp.example.test), for metadata and fields. */
export const TEST_CERTIFICATE_BODY =
  'MIIBjDCCATGgAwIBAgIUAk5o4k0Y5GRbFQD6JXEkVIjr0cAwCgYIKoZIzj0EAwIwGzEZMBcGA1UEAwwQaWRwLmV4YW1wbGUudGVz' +
  'dDAeFw0yNjExMjUwNDU0MzZaFw0zNjExMjIwNDU0MzZaMBsxGTAXBgNVBAMMEGlkcC5leGFtcGxlLnRlc3QwWTATBgcqhkjOPQIB' +
  'BggqhkjOPQMBBwNCAATMlalouZ0sVmNMHtuoUqSpBX//LpyEXxdlh36Gb2+kzP+Wvw35FzqWDsyq6PPxOsu0ZRtZQpL7SnRF5R3Z' +
  'CvPPo1MwUTAdBgNVHQ4EFgQUYU1YMT4e6n2h2kA6iCmHv/P5iKQwHwYDVR0jBBgwFoAUYU1YMT4e6n2h2kA6iCmHv/P5iKQwDwYD' +
  'VR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNJADBGAiEA0VPcpqv6aqKWjWwaCfoLCvlVks9GjyNv9+etqDCJrUgCIQD0/uSQLd9P' +
  'v61SaVvsABkLnuNBav31ia/bmxMPTwbABg==';
