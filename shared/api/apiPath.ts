// The shape of one call of the paths table (paths.ts, generated) and the reading of the table's compact form.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface ApiPath {
  readonly method: HttpMethod;
  readonly path: string;
  readonly download?: true;
}

/** A call as the table writes it: `METHOD /path`, with ` (download)` when its answer is a file. */
type Call = `${HttpMethod} /${string}`;

function read(call: Call): ApiPath {
  const [method, path, mark] = call.split(' ') as [HttpMethod, string, string?];
  return mark === '(download)' ? { method, path, download: true } : { method, path };
}

/** The table's groups with each call read into an ApiPath; the group and call names stay typed. */
export function apiPaths<T extends Record<string, Record<string, Call>>>(
  table: T,
): { readonly [G in keyof T]: { readonly [F in keyof T[G]]: ApiPath } } {
  const group = (calls: Record<string, Call>) =>
    Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, read(call)]));
  return Object.fromEntries(Object.entries(table).map(([name, calls]) => [name, group(calls)])) as never;
}
