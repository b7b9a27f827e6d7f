// A SCIM request sequence as data: what a directory sends and what each answer must be. `{{name}}` in a path or
// body is a value an earlier step saved (`save: { name: 'json.path' }`); `expect.body` is matched as a subset.
export interface ScimStep {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the SCIM base URL. */
  path: string;
  body?: unknown;
  expect: { status: number; body?: unknown };
  /** Values of the answer to keep: name → dotted path in the answer. */
  save?: Record<string, string>;
}
