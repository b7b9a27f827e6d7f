// Shadow-safe focus helpers: the elements live in shadow roots, where `document.activeElement` is only the
// host element. Focus is read through the shadow root (and nested ones), never through the document.

/** The focused element inside `root` (a shadow root or a document), following nested shadow roots. */
export function activeElementIn(root: Node): HTMLElement | null {
  let active = root instanceof ShadowRoot || root instanceof Document ? root.activeElement : null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** Marks an element (with tabindex -1) that takes the focus when the control that opened a dialog is gone. */
const FOCUS_FALLBACK_ATTRIBUTE = 'data-focus-fallback';

/** What to focus when a dialog or menu closes: the control that opened it, else a fallback near it. */
export interface FocusReturn {
  opener: HTMLElement | null;
  /** The fallback around the opener (a table), taken when the dialog opens: the opener may be gone later. */
  fallback: HTMLElement | null;
  root: Node;
}

/** Remembers the control focused in `root` now (call before a dialog or menu takes the focus). */
export function rememberOpener(root: Node): FocusReturn {
  const opener = activeElementIn(root);
  const fallback = opener?.closest<HTMLElement>(`[${FOCUS_FALLBACK_ATTRIBUTE}]`) ?? null;
  return { opener, fallback, root };
}

const focusable = (element: HTMLElement | null): element is HTMLElement =>
  element !== null &&
  element.isConnected &&
  !element.hasAttribute('disabled') &&
  !element.closest('[inert]') &&
  element.getClientRects().length > 0;

/**
 * Gives the focus back to the opener; when it was removed (its row deleted) or disabled, to the fallback
 * around it, else to the page heading (`#fe-page-title`, made focusable by script only).
 */
export function returnFocus({ opener, fallback, root }: FocusReturn): void {
  // Focus that already moved somewhere on purpose (another dialog, a field) stays there.
  const now = activeElementIn(root);
  if (now && now !== opener && now.tagName !== 'DIALOG' && focusable(now)) return;
  if (focusable(opener)) return opener.focus();
  if (focusable(fallback)) return fallback.focus();
  const heading = (root as ParentNode).querySelector?.<HTMLElement>('#fe-page-title');
  if (heading && focusable(heading)) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  }
}
