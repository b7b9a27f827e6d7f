// The one permission rule of the product (navigation, write controls, entitlements and the server). Kept
// apart from the catalog so the code that only matches does not load the catalog.

/**
 * Does the granted key cover the required one? Wildcards on both sides, one rule: a grant covers a
 * requirement when it covers EVERY key the requirement stands for. In the grant `*` stands for any run of
 * characters, dots included (`fe.secure.*` and `fe.*.read.users` both cover `fe.secure.read.users`; `*`
 * covers everything); every other character is literal. A `*` in the requirement is matched only by a `*`
 * of the grant: `fe.subscriptions.*` is covered by `fe.subscriptions.*`, `fe.*` or `*`, never by
 * `fe.subscriptions.read` (it would not cover `fe.subscriptions.write`). This is Frontegg's own rule (the
 * granted key becomes a pattern, the required key is read as text), so entitlements agree too (ENTITLE-007).
 *
 * No backtracking: the literal runs of the grant are looked for once each, left to right (the leftmost
 * place is always the right one when `*` is the only wildcard), so the time is linear in the two lengths.
 */
export function permissionMatches(granted: string, required: string): boolean {
  const runs = granted.split('*');
  if (runs.length === 1) return granted === required;
  const first = runs[0]!;
  const last = runs[runs.length - 1]!;
  const end = required.length - last.length;
  if (end < first.length || !required.startsWith(first) || !required.endsWith(last)) return false;
  let at = first.length;
  for (let i = 1; i < runs.length - 1; i++) {
    const run = runs[i]!;
    if (!run) continue;
    const found = required.indexOf(run, at);
    if (found < 0 || found + run.length > end) return false;
    at = found + run.length;
  }
  return true;
}

/** Does any granted key cover the required one? `null`: nothing is required. */
export function hasPermission(granted: readonly string[], required: string | null): boolean {
  return required === null || granted.some((key) => permissionMatches(key, required));
}
