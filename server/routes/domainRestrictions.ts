// Email-domain restrictions (SECURITY-014/015): the email-domain calls of the `securityPolicy` group of the
// paths table. Entries and config of the caller's tenant (another tenant's entry is 404, never revealed); every
// change writes an audit row with the old and new values. The rules are applied by `checkEmailDomain`
// (domainRestrictions/index.ts) wherever a user is added to an account. With DEV_ROUTES=1 the vendor's rules
// for sign-ups that create a new account are set by `PUT /dev/sign-up-email-domains`.
import type { AnswerOf } from '../../shared/api/contracts/contract';
import {
  DOMAIN_RESTRICTIONS_DEFAULT_LIMIT,
  DOMAIN_RESTRICTIONS_DEFAULT_OFFSET,
  domainRestrictionsContracts as dc,
} from '../../shared/api/contracts/domainRestrictions';
import { paths } from '../../shared/api/paths';
import { writeAudit } from '../audit';
import { apiError, caller, readBody } from '../context';
import {
  addDomainRestriction,
  deleteDomainRestriction,
  listDomainRestrictions,
  readDomainConfig,
  saveDomainConfig,
  saveSignUpDomains,
  signUpDomainsSchema,
} from '../domainRestrictions';
import { readQuery } from '../signup/validation';
import { defineFamily, devEndpoint, endpoint, type Endpoint } from './endpoints';

const READ = 'fe.secure.read.securityPolicy';
const WRITE = 'fe.secure.write.securityPolicy';
const p = paths.securityPolicy;

type Answer<K extends keyof typeof dc> = AnswerOf<(typeof dc)[K]>;

/** Routes of the email-domain restrictions, with the permission each requires. */
export const domainRestrictionsEndpointsByName = {
  getDomainRestrictions: endpoint(p.getDomainRestrictions, READ, "the caller's tenant's entries"),
  createDomainRestriction: endpoint(p.createDomainRestriction, WRITE),
  deleteDomainRestriction: endpoint(p.deleteDomainRestriction, WRITE, "own tenant's entries only"),
  getDomainRestrictionsConfig: endpoint(p.getDomainRestrictionsConfig, READ),
  updateDomainRestrictionConfig: endpoint(p.updateDomainRestrictionConfig, WRITE),
} as const;

export const domainRestrictionsEndpoints: Endpoint[] = Object.values(domainRestrictionsEndpointsByName);

export const domainRestrictionsRoutes = defineFamily(domainRestrictionsEndpointsByName, (on, e, { db }) => {
  on(e.getDomainRestrictions, async (c) => {
    const q = readQuery(c, dc.getDomainRestrictions.query);
    const answer = await listDomainRestrictions(
      db,
      c.get('auth').tenantId,
      q._offset ?? DOMAIN_RESTRICTIONS_DEFAULT_OFFSET,
      q._limit ?? DOMAIN_RESTRICTIONS_DEFAULT_LIMIT,
    );
    return c.json(answer satisfies Answer<'getDomainRestrictions'>);
  });

  on(e.createDomainRestriction, async (c) => {
    const body = await readBody(c, dc.createDomainRestriction.body);
    const tenantId = c.get('auth').tenantId;
    const type = body.type ?? (await readDomainConfig(db, tenantId)).listType;
    const { entry, created } = await addDomainRestriction(db, tenantId, body.domain, type);
    if (created)
      await c.var.audit({
        action: 'Email-domain restriction created',
        severity: 'Medium',
        json: { id: entry.id, domain: entry.domain, old: null, new: entry },
      });
    return c.json(entry satisfies Answer<'createDomainRestriction'>, 201);
  });

  on(e.deleteDomainRestriction, async (c) => {
    const row = await deleteDomainRestriction(db, c.get('auth').tenantId, c.req.param('id') ?? '');
    if (!row) throw apiError(404, 'Email-domain restriction not found');
    await c.var.audit({
      action: 'Email-domain restriction deleted',
      severity: 'Medium',
      json: { id: row.id, domain: row.domain, old: row, new: null },
    });
    return c.json({} satisfies Answer<'deleteDomainRestriction'>);
  });

  on(e.getDomainRestrictionsConfig, async (c) =>
    c.json(
      (await readDomainConfig(db, c.get('auth').tenantId)) satisfies Answer<'getDomainRestrictionsConfig'>,
    ),
  );

  on(e.updateDomainRestrictionConfig, async (c) => {
    const body = await readBody(c, dc.updateDomainRestrictionConfig.body);
    const { before, after } = await saveDomainConfig(db, c.get('auth').tenantId, body);
    await c.var.audit({
      action: 'Email-domain restrictions config updated',
      severity: 'High',
      json: { old: before, new: after },
    });
    return c.json(after satisfies Answer<'updateDomainRestrictionConfig'>);
  });
});

export const domainRestrictionsDevEndpointsByName = {
  setSignUpEmailDomains: devEndpoint(
    { method: 'PUT', path: '/dev/sign-up-email-domains' },
    "the vendor's email-domain rules for sign-ups that create an account",
  ),
} as const;

// With DEV_ROUTES=1 a test or a demo sets the vendor's rules for sign-ups that create a new account (password
// and social): this server has no vendor console.
export const domainRestrictionsDevRoutes = defineFamily(
  domainRestrictionsDevEndpointsByName,
  (on, e, { db, vendorId }) => {
    on(e.setSignUpEmailDomains, async (c) => {
      const value = await readBody(c, signUpDomainsSchema);
      const { before, after } = await saveSignUpDomains(db, vendorId, value);
      await writeAudit(db, {
        vendorId,
        action: 'Sign-up email-domain restrictions updated',
        severity: 'High',
        ...caller(c),
        json: { old: before, new: after },
      });
      return c.json(after);
    });
  },
);
