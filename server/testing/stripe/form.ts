// Stripe's request encoding read back: the SDK sends form bodies (and GET queries) with bracketed keys
// (`items[0][price]=price_1`, `expand[0]=latest_invoice`, `metadata[tenantId]=t`); this builds the nested value.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

const isIndex = (key: string) => /^\d+$/.test(key) || key === '';

/** `a[b][0][c]` → ['a', 'b', '0', 'c']. */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const parts = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]!);
  return parts;
}

/** The nested value of a form-encoded body or query string. */
export function parseForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, FormValue>;
      const slot = Array.isArray(node) && part === '' ? String(node.length) : part;
      if (last) {
        container[slot] = value;
        return;
      }
      const existing = container[slot];
      if (existing === undefined || typeof existing === 'string')
        container[slot] = isIndex(path[i + 1]!) ? [] : {};
      node = container[slot] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

/** A string field of a parsed form (undefined when absent or not a string). */
export const text = (form: Record<string, FormValue> | FormValue | undefined, key: string) => {
  const value = form && typeof form === 'object' && !Array.isArray(form) ? form[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** The strings of a list field (`expand[0]=…&expand[1]=…`). */
export const list = (form: Record<string, FormValue>, key: string): string[] => {
  const value = form[key];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (value && typeof value === 'object') return Object.values(value).filter((v) => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
};
