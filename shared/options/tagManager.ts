import type { TagManagerOptions } from './options';

const GTM_ID = /^GTM-[A-Z0-9]+$/i;

/** The tag-manager id to use, or null: only when enabled and shaped like GTM- + alphanumerics (SHELL-019). */
export function tagManagerId(tagManager: TagManagerOptions | undefined): string | null {
  if (!tagManager?.enabled || typeof tagManager.id !== 'string') return null;
  return GTM_ID.test(tagManager.id) ? tagManager.id : null;
}

/** Adds the tag-manager script once; the host opted in with `tagManager: { enabled: true, id }`. */
export function loadTagManagerScript(
  id: string | null,
  nonce?: string,
  doc: Document = document,
): Promise<void> {
  if (!id || doc.querySelector(`script[data-fe-gtm="${id}"]`)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.dataset.feGtm = id;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`tag manager ${id} did not load`));
    doc.head.append(script);
  });
}
