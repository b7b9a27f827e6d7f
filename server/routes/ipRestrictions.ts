// IP restrictions (SECURITY-005..013): the IP calls of the `securityPolicy` group of the paths table. Entries
// and config of the caller's tenant (another tenant's entry is 404, never revealed); whether the caller's own
// address passes. Every change writes an audit row with the old and new values. The rules themselves are
// enforced by the bearer check and the session issuer (ipRestrictions/index.ts).
import type { AnswerOf } from '../../shared/api/contracts/contract';
import {
  IP_RESTRICTIONS_DEFAULT_FILTER,
  IP_RESTRICTIONS_DEFAULT_LIMIT,
  ipRestrictionsContracts as ipc,
} from '../../shared/api/contracts/ipRestrictions';
import { paths } from '../../shared/api/paths';
import { caller, readBody } from '../context';
import {
  addEntries,
  addressInAllowList,
  addressPasses,
  deleteEntry,
  entryView,
  type EntryChange,
  listEntries,
  readConfig,
  saveConfig,
} from '../ipRestrictions';
import { readQuery } from '../signup/validation';
import { defineFamily, endpoint, type Endpoint } from './endpoints';

const READ = 'fe.secure.read.securityPolicy';
const WRITE = 'fe.secure.write.securityPolicy';
const p = paths.securityPolicy;

type Answer<K extends keyof typeof ipc> = AnswerOf<(typeof ipc)[K]>;

/** Routes of the IP restrictions, with the permission each requires. */
export const ipRestrictionsEndpointsByName = {
  getIPRestrictions: endpoint(p.getIPRestrictions, READ, "the caller's tenant's entries"),
  createIPRestriction: endpoint(p.createIPRestriction, WRITE),
  bulkCreateIPRestriction: endpoint(p.bulkCreateIPRestriction, WRITE),
  deleteIPRestriction: endpoint(p.deleteIPRestriction, WRITE, "own tenant's entries only"),
  getIPRestrictionsConfig: endpoint(p.getIPRestrictionsConfig, READ),
  updateIPRestrictionConfig: endpoint(p.updateIPRestrictionConfig, WRITE),
  testCurrentIp: endpoint(p.testCurrentIp, READ, "the caller's own address"),
  testCurrentIpInAllowList: endpoint(p.testCurrentIpInAllowList, READ, "the caller's own address"),
} as const;

export const ipRestrictionsEndpoints: Endpoint[] = Object.values(ipRestrictionsEndpointsByName);

/** The audit row of an added or updated entry: the new value, and the old one when it was an update. */
const changeAudit = ({ row, old }: EntryChange) =>
  old
    ? {
        action: 'IP restriction updated' as const,
        json: { id: row.id, ip: row.ip, old: entryView(old), new: entryView(row) },
      }
    : { action: 'IP restriction created' as const, json: { id: row.id, ip: row.ip, new: entryView(row) } };

export const ipRestrictionsRoutes = defineFamily(ipRestrictionsEndpointsByName, (on, e, { db }) => {
  on(e.getIPRestrictions, async (c) => {
    const q = readQuery(c, ipc.getIPRestrictions.query);
    const answer = await listEntries(db, c.get('auth').tenantId, {
      strategy: q._filter ?? IP_RESTRICTIONS_DEFAULT_FILTER,
      page: q._offset ?? 0,
      limit: q._limit ?? IP_RESTRICTIONS_DEFAULT_LIMIT,
    });
    return c.json(answer satisfies Answer<'getIPRestrictions'>);
  });

  on(e.createIPRestriction, async (c) => {
    const body = await readBody(c, ipc.createIPRestriction.body);
    const [change] = await addEntries(db, c.get('auth').tenantId, [body]);
    await c.var.audit({ ...changeAudit(change!), severity: 'Medium' });
    return c.json(entryView(change!.row) satisfies Answer<'createIPRestriction'>, 201);
  });

  on(e.bulkCreateIPRestriction, async (c) => {
    const { ips } = await readBody(c, ipc.bulkCreateIPRestriction.body);
    const changes = await addEntries(db, c.get('auth').tenantId, ips);
    for (const change of changes) await c.var.audit({ ...changeAudit(change), severity: 'Medium' });
    return c.json(changes.map((ch) => entryView(ch.row)) satisfies Answer<'bulkCreateIPRestriction'>, 201);
  });

  on(e.deleteIPRestriction, async (c) => {
    const row = await deleteEntry(db, c.get('auth').tenantId, c.req.param('id') ?? '');
    await c.var.audit({
      action: 'IP restriction deleted',
      severity: 'Medium',
      json: { id: row.id, ip: row.ip, old: entryView(row) },
    });
    return c.json({} satisfies Answer<'deleteIPRestriction'>);
  });

  on(e.getIPRestrictionsConfig, async (c) =>
    c.json((await readConfig(db, c.get('auth').tenantId)) satisfies Answer<'getIPRestrictionsConfig'>),
  );

  on(e.updateIPRestrictionConfig, async (c) => {
    const body = await readBody(c, ipc.updateIPRestrictionConfig.body);
    const { old, config } = await saveConfig(db, c.get('auth').tenantId, body);
    await c.var.audit({
      action: 'IP restrictions config updated',
      severity: 'High',
      json: { old, new: config },
    });
    return c.json(config satisfies Answer<'updateIPRestrictionConfig'>);
  });

  on(e.testCurrentIp, async (c) =>
    c.json({
      valid: await addressPasses(db, c.get('auth').tenantId, caller(c).ipAddress),
    } satisfies Answer<'testCurrentIp'>),
  );

  on(e.testCurrentIpInAllowList, async (c) =>
    c.json({
      valid: await addressInAllowList(db, c.get('auth').tenantId, caller(c).ipAddress),
    } satisfies Answer<'testCurrentIpInAllowList'>),
  );
});
