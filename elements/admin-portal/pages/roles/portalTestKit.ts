// Test helpers for the roles and groups pages: the portal talks HTTP to a base URL, and `fetch` is replaced by
// a recording transport that answers from a fresh preview sample state (no delay), so a test can assert the
// method, path, query and body each click sent, and make a call fail.
import { paths, type ApiPath } from '../../../../shared/api/paths';
import { createPreviewFetch, type PreviewFetch } from '../../../../shared/api/preview/index';
import { clearSession } from '../../../../shared/auth/session';
import { accessTokenAtom, userAtom } from '../../../../shared/auth/session.atoms';
import { $, mount, resetPage, setValue, waitUntil } from '../../../../shared/element/testing';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { startApp } from '../../../../shared/options/start';
import { store } from '../../../../shared/store';

export const BASE = 'https://api.portal.test/auth';
/** Roles and groups are hidden by default (ROUTE-023, ROUTE-036): the host shows them by permission. */
export const NAVIGATION = '{"roles":{"visibility":"byPermissions"},"groups":{"visibility":"byPermissions"}}';

export interface SentRequest {
  method: string;
  /** The path after the base URL, without the query. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

interface Failure {
  route: ApiPath;
  status: number;
  errors: string[];
}

const allRoutes: ApiPath[] = Object.values(paths).flatMap((family) => Object.values(family) as ApiPath[]);
const templatePath = (route: ApiPath) => route.path.split('?')[0] ?? '';

/** True when a request is a call of `route`; a literal route (…/groups/v1/config) wins over a template. */
export function isCallOf(route: ApiPath, method: string, path: string): boolean {
  if (route.method !== method) return false;
  const template = templatePath(route);
  if (!template.includes('{')) return template === path;
  const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
  if (!pattern.test(path)) return false;
  return !allRoutes.some(
    (r) => r.method === method && !templatePath(r).includes('{') && templatePath(r) === path,
  );
}

/** A fetch for the base URL: records every call, answers from its own preview state, fails on demand. */
export class RecordingTransport {
  readonly sent: SentRequest[] = [];
  readonly preview: PreviewFetch = createPreviewFetch({ delayMs: 0 });
  private failures: Failure[] = [];

  /** Makes every later call of `route` answer `status` with `{ errors }` until `heal()`. */
  fail(route: ApiPath, status = 500, ...errors: string[]): void {
    this.failures.push({ route, status, errors: errors.length ? errors : ['Something broke'] });
  }

  heal(): void {
    this.failures = [];
  }

  /** The calls of `route`, in order. */
  callsOf(route: ApiPath): SentRequest[] {
    return this.sent.filter((r) => isCallOf(route, r.method, r.path));
  }

  async fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(new URL(BASE).pathname, '');
    let body: unknown;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    this.sent.push({ method, path, query: url.searchParams, body });
    const failure = this.failures.find((f) => isCallOf(f.route, method, path));
    if (failure) {
      return new Response(JSON.stringify({ errors: failure.errors }), {
        status: failure.status,
        statusText: 'Failed',
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return this.preview(input, init);
  }
}

let transport: RecordingTransport | null = null;
const originalFetch = window.fetch.bind(window);

/** A fresh recording transport for the next test (the previous one's state and records are dropped). */
export function freshTransport(): RecordingTransport {
  transport = new RecordingTransport();
  return transport;
}

/**
 * Once per test file: `fetch` goes to the recording transport for the base URL, and the page's load
 * sequence (flags, metadata, session restore) runs now, so it cannot sign a test's user out later.
 */
export async function startPortalForTests(): Promise<void> {
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : String(input);
    return transport && href.startsWith(BASE) ? transport.fetch(input, init) : originalFetch(input, init);
  };
  freshTransport().fail(paths.auth.refreshToken, 401, 'No session');
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  await startApp();
  resetPage();
}

/**
 * Between tests: the user signs out while the base URL is still set (the flags reload that follows a user
 * change goes to the transport, not to the test server), then the page is reset.
 */
export function resetPortal(): void {
  clearSession();
  resetPage();
}

/** Signs a user with these permission keys into the page store. */
export function signIn(permissions: string[]): void {
  store.set(accessTokenAtom, 'token');
  store.set(userAtom, {
    id: 'user-demo-admin',
    email: 'demo@fe-elements.dev',
    name: 'Demo Admin',
    tenantId: 'tenant-acme',
    tenantIds: ['tenant-acme'],
    roles: [],
    permissions: permissions.map((key) => ({ key })),
  });
}

/** Mounts the portal for a signed-in user and opens one page from the navigation, as a user does. */
export async function openPage(
  page: 'roles' | 'groups' | 'security' | 'personalApiTokens' | 'apiTokens',
  permissions: string[],
  attributes: Record<string, string> = {},
): Promise<HTMLElement> {
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  signIn(permissions);
  const el = await mount(
    'fe-admin-portal',
    { 'base-url': BASE, navigation: NAVIGATION, 'log-level': 'none', ...attributes },
    (root) => root.querySelector(`nav [data-entry="${page}"]`) !== null,
  );
  $<HTMLButtonElement>(el, `nav [data-entry="${page}"]`)!.click();
  await waitUntil(() => $(el, `[data-page="${page}"]`), `the ${page} page did not open`);
  return el;
}

/** The same in preview mode: the page-level preview transport with its sample data and 500 ms delay. */
export async function openPreviewPage(
  page: 'roles' | 'groups' | 'security',
  permissions: string[],
): Promise<HTMLElement> {
  store.set(setOptionsAtom, { preview: true, logLevel: 'none' });
  signIn(permissions);
  const el = await mount(
    'fe-admin-portal',
    { preview: '', navigation: NAVIGATION },
    (root) => root.querySelector(`nav [data-entry="${page}"]`) !== null,
  );
  $<HTMLButtonElement>(el, `nav [data-entry="${page}"]`)!.click();
  await waitUntil(() => $(el, `[data-page="${page}"]`), `the ${page} page did not open`);
  return el;
}

/** Whether an element was found (compared as a boolean: a failing check prints no DOM node). */
export const present = (found: Element | null | undefined): boolean => found !== null && found !== undefined;

/** The open dialog of the element (native <dialog open>). */
export const openDialog = (el: HTMLElement): HTMLDialogElement | null => $(el, 'dialog[open]');

export async function waitForDialog(el: HTMLElement, title?: string): Promise<HTMLDialogElement> {
  await waitUntil(
    () => {
      const dialog = openDialog(el);
      return dialog && (!title || dialog.querySelector('h2')?.textContent === title);
    },
    `no open dialog${title ? ` titled "${title}"` : ''}`,
  );
  return openDialog(el)!;
}

/** The button whose visible text or accessible name is `name`, inside `root`. */
export function button(root: ParentNode, name: string): HTMLButtonElement | null {
  return (
    [...root.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
    ) ?? null
  );
}

export function clickButton(root: ParentNode, name: string): void {
  const found = button(root, name);
  if (!found) throw new Error(`no button "${name}"`);
  found.click();
}

/** Types into the input labelled `label` inside `root`. */
export function fill(root: ParentNode, label: string, value: string): void {
  const labelEl = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const input = labelEl?.htmlFor
    ? (root.querySelector<HTMLInputElement>(`[id="${labelEl.htmlFor}"]`) ?? null)
    : (labelEl?.querySelector('input') ?? null);
  if (!input) throw new Error(`no field "${label}"`);
  setValue(input, value);
}

/** The text of the table row whose first cell contains `name`. */
export function rowOf(el: HTMLElement, name: string): HTMLTableRowElement | null {
  return (
    [...(el.shadowRoot?.querySelectorAll<HTMLTableRowElement>('tr[data-row]') ?? [])].find((r) =>
      r.querySelector('td')?.textContent?.includes(name),
    ) ?? null
  );
}

export const rowNames = (el: HTMLElement): string[] =>
  [...(el.shadowRoot?.querySelectorAll('tr[data-row]') ?? [])].map(
    (r) => r.querySelector('td')?.textContent ?? '',
  );
