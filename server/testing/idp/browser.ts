// A tiny browser for server tests: follows redirects across the app (driven in-process through
// app.request) and local identity providers (real HTTP), keeping each host's cookies.
import type { Hono } from 'hono';

type Jar = Map<string, Map<string, string>>;

export interface TestBrowser {
  /** Follows redirects from `url` until a login-box page (/account/...) of the app is reached; its URL. */
  navigate(url: string, init?: RequestInit): Promise<URL>;
  /** A request to the app carrying this browser's cookies (no redirect following). */
  app(path: string, init?: RequestInit): Promise<Response>;
  cookies(host: string): Map<string, string>;
}

// The Hono app's env type varies: any app with a `request` method will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function testBrowser(app: Hono<any>, appOrigin: string): TestBrowser {
  const jar: Jar = new Map();
  const hostJar = (host: string) => {
    let m = jar.get(host);
    if (!m) jar.set(host, (m = new Map()));
    return m;
  };
  const store = (host: string, res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.trim().split('=');
        if (k?.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k?.toLowerCase() === 'expires') return new Date(v ?? '').getTime() < Date.now();
        return false;
      });
      if (expired || value === '') hostJar(host).delete(name);
      else hostJar(host).set(name, value);
    }
  };
  const cookieHeader = (host: string) => [...hostJar(host)].map(([k, v]) => `${k}=${v}`).join('; ');

  const send = async (url: URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const cookie = cookieHeader(url.host);
    if (cookie) headers.set('cookie', cookie);
    const res =
      url.origin === appOrigin
        ? await app.request(`${url.pathname}${url.search}`, { ...init, headers })
        : await fetch(url, { ...init, headers, redirect: 'manual' });
    store(url.host, res);
    return res;
  };

  return {
    async navigate(start, init) {
      let url = new URL(start, appOrigin);
      let request: RequestInit | undefined = init;
      for (let hops = 0; hops < 20; hops++) {
        if (url.origin === appOrigin && url.pathname.startsWith('/account/')) return url;
        const res = await send(url, request);
        request = undefined;
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          url = new URL(location, url);
          continue;
        }
        throw new Error(`stopped at ${url.href}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      }
      throw new Error('too many redirects');
    },
    app: (path, init) => send(new URL(path, appOrigin), init),
    cookies: (host) => hostJar(host),
  };
}
