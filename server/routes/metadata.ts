import type { AnswerOf } from '../../shared/api/contracts/contract';
import { metadataContracts as mc } from '../../shared/api/contracts/metadata';
import { paths } from '../../shared/api/paths';
import { writeAudit } from '../audit';
import { AUDITS_ENTITY, auditsMetadataRow } from '../audits/metadata';
import { apiError, caller, readBody } from '../context';
import { ADMIN_BOX, commitAdminBox, readAdminBox } from '../metadata/adminBox';
import { devEndpoint, publicEndpoint, defineFamily } from './endpoints';

/**
 * The metadata routes. The portal configuration is vendor-level and holds nothing of a tenant or a user, and the
 * elements load it before (or without) a session: its reads are public. Writing it is the vendor's business;
 * this server has no vendor tokens, so the write is a development route (DEV_ROUTES=1, this machine only).
 */
export const metadataEndpointsByName = {
  getMetadata: publicEndpoint(
    paths.metadata.getMetadata,
    'vendor portal configuration, audit columns; other entities: no rows',
  ),
  getAdminBoxMetadata: publicEndpoint(paths.metadata.getAdminBoxMetadata, 'vendor portal configuration'),
  updateAdminBoxMetadata: devEndpoint(paths.metadata.updateAdminBoxMetadata, 'vendor portal configuration'),
  getCurrentUserIpMetadata: publicEndpoint(
    paths.metadata.getCurrentUserIpMetadata,
    "the caller's own address",
  ),
} as const;

export const metadataRoutes = defineFamily(metadataEndpointsByName, (on, e, services) => {
  // Frontegg's shape: `{ rows: [...] }`: the portal configuration, the audit columns; an entity this server does
  // not keep has no rows (the client reads that as "metadata not found"), never a 404.
  on(e.getMetadata, async (c) => {
    const entityName = c.req.query('entityName');
    const rows =
      entityName === ADMIN_BOX
        ? [await readAdminBox(services)]
        : entityName === AUDITS_ENTITY
          ? [auditsMetadataRow(services.vendorId)]
          : [];
    return c.json({ rows } satisfies AnswerOf<typeof mc.getMetadata>);
  });
  on(e.getAdminBoxMetadata, async (c) =>
    c.json((await readAdminBox(services)) satisfies AnswerOf<typeof mc.getAdminBoxMetadata>),
  );
  on(e.updateAdminBoxMetadata, async (c) => {
    const { actions } = await readBody(c, mc.updateAdminBoxMetadata.body);
    const result = await commitAdminBox(services, actions);
    if (!result.ok) throw apiError(400, ...result.errors);
    await writeAudit(services.db, {
      vendorId: services.vendorId,
      action: 'Portal metadata updated',
      severity: 'Medium',
      json: { parts: actions.map((a) => a.type) },
      ...caller(c),
    });
    return c.json(result.row satisfies AnswerOf<typeof mc.updateAdminBoxMetadata>);
  });
  // No geolocation database here: the address as this server sees it, the rest unknown.
  on(e.getCurrentUserIpMetadata, (c) =>
    c.json({
      ip: caller(c).ipAddress,
      latitude: null,
      longitude: null,
      city: null,
      country_name: null,
      country_code: null,
      zip: null,
      location: {},
    } satisfies AnswerOf<typeof mc.getCurrentUserIpMetadata>),
  );
});
