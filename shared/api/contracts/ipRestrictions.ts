// IP restrictions (SECURITY-005..013): the tenant's allow and block entries of IPv4/IPv6 addresses and CIDR
// ranges, its config (isActive, strategy) and whether the caller's own address passes. The IP calls of the
// `securityPolicy` group of the paths table, in Frontegg's shapes (IpRestriction, IPRestrictionsConfig,
// GetIPRestrictionsParams, IPValidResponse).
import { z } from 'zod';
import { isIpOrCidr } from '../ipAddress';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate, paginated, param } from './common';

/** Frontegg's RestrictionType. */
export const restrictionType = z.enum(['ALLOW', 'BLOCK']);
export type RestrictionType = z.infer<typeof restrictionType>;

/** A strategy as a client sends it: `allow` and `ALLOW` alike. */
const strategyInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(restrictionType.options, { message: 'Must be ALLOW or BLOCK' }),
);

/** An entry's address: an IPv4 or IPv6 address or a CIDR range of either. */
export const ipOrCidr = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(64)
  .refine(isIpOrCidr, 'Must be an IPv4 or IPv6 address or a CIDR range (e.g. 203.0.113.0/24)');

/** An entry (SECURITY-005; Frontegg's IpRestriction). */
export const ipRestriction = z.object({
  id,
  ip: z.string(),
  strategy: restrictionType,
  isActive: z.boolean(),
  description: z.string().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** The tenant's config (SECURITY-006; Frontegg's IPRestrictionsConfig). */
export const ipRestrictionsConfig = z.object({ isActive: z.boolean(), strategy: restrictionType });

/** What the list page keeps (SECURITY-007): the page, its query, its count and whether the caller passes. */
export interface IpRestrictionsState {
  data: z.infer<typeof ipRestriction>[];
  pagination: { offset: number; limit: number; filter: string };
  totalPages: number;
  userIpValid: boolean;
}

/** The description of the entry 'My IP' adds (SECURITY-012). */
export const MY_IP_DESCRIPTION = 'My IP';
/** The list defaults (SECURITY-008, SECURITY-010). */
export const IP_RESTRICTIONS_DEFAULT_LIMIT = 10;
export const IP_RESTRICTIONS_DEFAULT_FILTER: RestrictionType = 'ALLOW';

/**
 * The list query (Frontegg's GetIPRestrictionsParams): `_offset` 0, `_limit` 10 and `_filter` allow by default
 * (SECURITY-008, SECURITY-010). `_offset` is a page index (Frontegg's pagination: offset 1 with limit 10 is
 * entries 11 to 20); `_filter` names a strategy (`allow`/`block`, any case).
 */
export const ipRestrictionsQuery = z.object({
  _offset: param(z.coerce.number().int().min(0).max(1_000_000)),
  _limit: param(z.coerce.number().int().min(1).max(100)),
  _filter: param(strategyInput),
});

/** One entry to add (Frontegg's CreateIpRestriction): active and ALLOW unless told. */
export const createIpRestrictionBody = z.object({
  ip: ipOrCidr,
  strategy: strategyInput.optional(),
  isActive: z.boolean().optional(),
  description: z.string().trim().max(200).optional(),
});

const ipRestrictionIdParam = z.object({ id });
const ipValid = z.object({ valid: z.boolean() });
const p = paths.securityPolicy;

export const ipRestrictionsContracts = {
  getIPRestrictions: contract({
    route: p.getIPRestrictions,
    query: ipRestrictionsQuery,
    response: paginated(ipRestriction),
  }),
  /** Adds an entry; the same address in the same list is updated (its isActive and description). */
  createIPRestriction: contract({
    route: p.createIPRestriction,
    body: createIpRestrictionBody,
    response: ipRestriction,
    status: 201,
  }),
  /** Adds every entry, or none when one is refused. */
  bulkCreateIPRestriction: contract({
    route: p.bulkCreateIPRestriction,
    body: z.object({ ips: z.array(createIpRestrictionBody).min(1).max(100) }),
    response: z.array(ipRestriction),
    status: 201,
  }),
  deleteIPRestriction: contract({
    route: p.deleteIPRestriction,
    params: ipRestrictionIdParam,
    response: empty,
  }),
  getIPRestrictionsConfig: contract({ route: p.getIPRestrictionsConfig, response: ipRestrictionsConfig }),
  updateIPRestrictionConfig: contract({
    route: p.updateIPRestrictionConfig,
    body: z.object({ isActive: z.boolean(), strategy: strategyInput.optional() }),
    response: ipRestrictionsConfig,
  }),
  /** Does the caller's address pass the tenant's rules as they stand (an inactive config passes everyone)? */
  testCurrentIp: contract({ route: p.testCurrentIp, response: ipValid }),
  /** Is the caller's address on an active entry of the allow list? */
  testCurrentIpInAllowList: contract({ route: p.testCurrentIpInAllowList, response: ipValid }),
} as const;
