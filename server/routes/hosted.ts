import { Hono, type Context } from 'hono';
import type { AppEnv, Services } from '../context';
import { hostedAppPage, hostedLoginPage } from '../hosted/page';
import { pageContext } from '../html';

// HTML pages, not API calls: no endpoint table (they take no token and count against no budget).
export function hostedRoutes({ config }: Pick<Services, 'config'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const appPage = (c: Context<AppEnv>) => c.html(hostedAppPage(pageContext(c, config.publicUrl)));
  app.get('/', appPage);
  // The portal's deep links (`portal.route`, path strategy) reload into the same page.
  app.get('/admin-box', appPage);
  app.get('/admin-box/*', appPage);
  app.get('/account/*', (c) => c.html(hostedLoginPage(pageContext(c, config.publicUrl))));
  return app;
}
