import type { ApiPath } from '../../shared/api/paths';
import type { Services } from '../context';
import { readOutbox } from '../mail/mailer';
import { readSmsOutbox } from '../sms/sms';
import { devEndpoint, subApp, type SubApp } from './endpoints';

/** What this server "sent" (DEV_ROUTES=1, this machine only): the mail and SMS outboxes, for tests and demos. */
export const devEndpointsByName = {
  outbox: devEndpoint({ method: 'GET', path: '/dev/outbox' } satisfies ApiPath, 'mails sent'),
  sms: devEndpoint({ method: 'GET', path: '/dev/sms' } satisfies ApiPath, 'SMS sent'),
} as const;

export function devRoutes(services: Services): SubApp {
  const e = devEndpointsByName;
  return subApp(services, e, (on) => {
    on(e.outbox, async (c) => c.json(await readOutbox(services.db)));
    on(e.sms, async (c) => c.json(await readSmsOutbox(services.db)));
  });
}
