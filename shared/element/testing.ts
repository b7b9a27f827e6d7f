// Test helpers for element tests (web-test-runner): mount a real custom element, wait for its shadow DOM,
// check accessibility with axe-core, and reset the page store between tests.
import axe from 'axe-core';
import { waitUntil as openWcWaitUntil } from '@open-wc/testing';
import { clearSession } from '../auth/session';
import { hostOptionsInputAtom } from '../options/options.atoms';
import { store } from '../store';

const mounted: HTMLElement[] = [];

/**
 * open-wc's waitUntil with room for a loaded 2-core machine: 10 s at the least (open-wc's default is 1 s, which
 * a preview answer of 500 ms and a render can exceed when two test pages share the processor). The limit only
 * matters when a test fails; a passing wait ends as soon as its predicate holds.
 */
export const waitUntil = (
  predicate: () => unknown,
  message?: string,
  options: { timeout?: number; interval?: number } = {},
) => openWcWaitUntil(predicate, message, { ...options, timeout: Math.max(options.timeout ?? 0, 10_000) });

export async function mount<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ready: (root: ShadowRoot) => boolean = (root) => (root.textContent ?? '').trim().length > 0,
): Promise<HTMLElementTagNameMap[K]> {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  mounted.push(el);
  // Generous: on a loaded 2-core machine a first render that loads page chunks can take seconds.
  await waitUntil(() => el.shadowRoot !== null && ready(el.shadowRoot), `<${tag}> did not render`, {
    timeout: 15000,
  });
  return el;
}

/** Text of an element's shadow root (React renders asynchronously: wait for it with waitUntil). */
export const shadowText = (el: Element) => el.shadowRoot?.textContent ?? '';
export const $ = <E extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot?.querySelector<E>(selector) ?? null;

export async function axeViolations(el: Element): Promise<string[]> {
  // Entrances (toasts, dialogs) are checked once played: mid-fade their colours are not yet their own,
  // and a loaded machine can run axe inside an animation.
  const animations = el.shadowRoot?.getAnimations?.() ?? [];
  await Promise.all(
    animations
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined)),
  );
  const result = await axe.run(el, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`,
  );
}

export function resetPage(): void {
  for (const el of mounted.splice(0)) el.remove();
  store.set(hostOptionsInputAtom, {});
  clearSession();
}

export { captureConsole } from '../testing/console';

/** Types into a React-controlled input the way a user does (the native setter, then an input event). */
export function setValue(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Moves the page to a hash route the way a user does: a hashchange tells the elements. */
export function goTo(hash: string): void {
  history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

/**
 * Signs in through a mounted login box the way a user does: the email, then (when the box asks for the
 * email first, LOGIN-006) Continue, then the password; submits. The box must show its form.
 */
export async function fillLogin(box: Element, email: string, password: string): Promise<void> {
  const { waitUntil } = await import('@open-wc/testing');
  const q = <E extends Element>(selector: string) => box.shadowRoot?.querySelector<E>(selector) ?? null;
  setValue(q<HTMLInputElement>('input[name="email"]')!, email);
  if (!q('input[name="password"]')) {
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitUntil(() => q('input[name="password"]') !== null, 'no password step after the email', {
      timeout: 5000,
    });
  }
  setValue(q<HTMLInputElement>('input[name="password"]')!, password);
  q<HTMLButtonElement>('button[type="submit"]')!.click();
}
