// Test helpers for the portal shell and its personal and account pages: the portal in preview (sample data,
// 500 ms per answer) with every call of the admin-portal client recorded, and failures on demand.
import { adminPortalApi, type RequestOptions } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { ApiPath } from '../../shared/api/paths';
import { previewFetch } from '../../shared/api/preview/index';
import {
  SAMPLE_SUB_TENANT_IDS,
  SAMPLE_TENANT_ID,
  SAMPLE_USER_EMAIL,
  SAMPLE_USER_ID,
  SAMPLE_USER_NAME,
} from '../../shared/api/preview/sampleData';
import { clearSession } from '../../shared/auth/session';
import { accessTokenAtom, userAtom } from '../../shared/auth/session.atoms';
import { $, mount, resetPage, waitUntil } from '../../shared/element/testing';
import { setOptionsAtom } from '../../shared/options/options.atoms';
import { startApp } from '../../shared/options/start';
import { store } from '../../shared/store';
import { selectedPageAtom } from './portal.atoms';
import './index';

export interface SentCall {
  route: ApiPath;
  opts: RequestOptions;
}

/** Every admin-portal call of the current test, in order. */
export const sent: SentCall[] = [];
/** The test page's own URL, put back after each test (deep-link tests move it). */
const home = location.href;
const originalRequest = adminPortalApi.request;
let failures: { route: ApiPath; status: number; message: string }[] = [];

/** Makes every later call of `route` fail with `status` and `message` (an ApiError, as the client throws). */
export function failCalls(route: ApiPath, status = 500, message = 'Something broke'): void {
  failures.push({ route, status, message });
}

/** The recorded calls of one route. */
export const callsOf = (route: ApiPath): SentCall[] => sent.filter((call) => call.route === route);

/**
 * Once per test file (`before`): the page's load sequence runs now in preview (the preview session starts
 * signed out), so it cannot sign a test's user out later; the admin-portal client records every call.
 */
export async function startPreviewPortal(): Promise<void> {
  store.set(setOptionsAtom, { preview: true, logLevel: 'none' });
  await startApp();
  adminPortalApi.request = (async (route: ApiPath, opts: RequestOptions = {}) => {
    sent.push({ route, opts });
    const failure = failures.find((f) => f.route === route);
    if (failure) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new ApiError(failure.message, failure.status);
    }
    return originalRequest(route, opts);
  }) as typeof adminPortalApi.request;
  resetPortal();
}

/** Between tests: nobody signed in, options and sample data back to their start, no failures, no pick. */
export function resetPortal(): void {
  clearSession();
  resetPage();
  store.set(selectedPageAtom, null);
  previewFetch.reset();
  sent.length = 0;
  failures = [];
  if (location.href !== home) {
    history.replaceState(null, '', home);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }
}

/** Signs the sample user in, in the page and in the preview session, with these permission keys. */
export function signIn(permissions: string[] = ['fe.*']): void {
  // Preview first: a new user reloads the flags with the options of the moment.
  store.set(setOptionsAtom, { preview: true, logLevel: 'none' });
  previewFetch.state.session.signedIn = true;
  store.set(accessTokenAtom, 'preview-token');
  store.set(userAtom, {
    id: SAMPLE_USER_ID,
    email: SAMPLE_USER_EMAIL,
    name: SAMPLE_USER_NAME,
    tenantId: SAMPLE_TENANT_ID,
    tenantIds: [SAMPLE_TENANT_ID, ...SAMPLE_SUB_TENANT_IDS],
    roles: [{ id: 'role-admin', key: 'Admin', name: 'Admin' }],
    permissions: permissions.map((key) => ({ key })),
    mfaEnrolled: true,
  });
}

/** Mounts the portal in preview for the signed-in user, with its navigation shown. */
export function mountPortal(
  attributes: Record<string, string> = {},
): Promise<HTMLElementTagNameMap['fe-admin-portal']> {
  return mount(
    'fe-admin-portal',
    { preview: '', ...attributes },
    (root) => root.querySelector('nav') !== null,
  );
}

/** Opens a page from the navigation, as a user does, and waits for its content. */
export async function openPage(el: HTMLElement, page: string): Promise<void> {
  const entry = $<HTMLButtonElement>(el, `nav [data-entry="${page}"]`);
  if (!entry) throw new Error(`no navigation entry ${page}`);
  if (entry.getAttribute('aria-current') !== 'page') entry.click();
  await until(() => $(el, `[data-page-content="${page}"]`), `the ${page} page did not open`);
}

/** waitUntil with room for a few preview answers (500 ms each). */
export const until = (predicate: () => unknown, message?: string, timeout = 10000) =>
  waitUntil(predicate, message, { timeout });

/** The button whose text or accessible name is `name`. */
export function button(root: ParentNode, name: string): HTMLButtonElement | null {
  return (
    [...root.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
    ) ?? null
  );
}

/** The input or select labelled `label` inside `root`. */
export function field<E extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(
  root: ParentNode,
  label: string,
): E | null {
  const labelEl = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  if (!labelEl?.htmlFor) return null;
  return root.querySelector<E>(`[id="${labelEl.htmlFor}"]`);
}

/** The shadow root of an element (for `field` and `button`). */
export const root = (el: HTMLElement): ShadowRoot => el.shadowRoot!;
