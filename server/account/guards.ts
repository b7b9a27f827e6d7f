/** A path of the paths table (`/sessions/v1/me/{id}`) as a Hono route (`/sessions/v1/me/:id`). */
export const route = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
