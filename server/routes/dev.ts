import type { ApiPath } from '../../shared/api/paths';
import { readOutbox } from '../mail/mailer';
import { readSmsOutbox } from '../sms/sms';
import { devEndpoint, defineFamily } from './endpoints';

/** What this server "sent" (DEV_ROUTES=1, this machine only): the mail and SMS outboxes, for tests and demos. */
export const devEndpointsByName = {
  outbox: devEndpoint({ method: 'GET', path: '/dev/outbox' } satisfies ApiPath, 'mails sent'),
  sms: devEndpoint({ method: 'GET', path: '/dev/sms' } satisfies ApiPath, 'SMS sent'),
} as const;

export const devRoutes = defineFamily(devEndpointsByName, (on, e, services) => {
  on(e.outbox, async (c) => c.json(await readOutbox(services.db)));
  on(e.sms, async (c) => c.json(await readSmsOutbox(services.db)));
});
