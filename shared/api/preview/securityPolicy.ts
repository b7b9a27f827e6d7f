// IP and email-domain restrictions, and the security policies.
import { paths } from '../paths';
import {
  fail,
  first,
  int,
  iso,
  merge,
  newId,
  on,
  page,
  type PreviewRequest,
  type PreviewRoute,
  record,
  remove,
  text,
} from './common';
import {
  buildDomainRestriction,
  buildIpRestriction,
  type RestrictionType,
  type SampleState,
} from './sampleData';

const restrictionType = (value: unknown): RestrictionType | undefined => {
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  return upper === 'ALLOW' || upper === 'BLOCK' ? upper : undefined;
};

function ipToNumber(ip: string): number | null {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return null;
  return parts.reduce((acc, p) => acc * 256 + p, 0);
}

/** IPv4 address or CIDR match; anything else compares as text. */
function ipMatches(entry: string, ip: string): boolean {
  const [base = '', bitsText] = entry.split('/');
  const a = ipToNumber(base);
  const b = ipToNumber(ip);
  if (a === null || b === null) return entry === ip;
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  const block = 2 ** (32 - bits);
  return Math.floor(a / block) === Math.floor(b / block);
}

function createIpRestriction(req: PreviewRequest, input: unknown) {
  const body = record(input);
  const ip = text(body.ip)?.trim();
  if (!ip) throw fail(400, 'ip is required');
  const strategy = restrictionType(body.strategy) ?? 'ALLOW';
  const now = iso(req.now);
  const existing = req.state.ipRestrictions.find((r) => r.ip === ip && r.strategy === strategy);
  if (existing) {
    merge(existing, body, ['isActive', 'description']);
    existing.updatedAt = now;
    return existing;
  }
  const restriction = buildIpRestriction({
    id: newId('ip'),
    ip,
    strategy,
    isActive: body.isActive !== false,
    description: text(body.description) ?? '',
    createdAt: now,
    updatedAt: now,
  });
  req.state.ipRestrictions.push(restriction);
  return restriction;
}

function currentIpValid(state: SampleState, allowListOnly: boolean): boolean {
  const hit = (strategy: RestrictionType) =>
    state.ipRestrictions.some(
      (r) => r.isActive && r.strategy === strategy && ipMatches(r.ip, state.currentIp),
    );
  if (allowListOnly) return hit('ALLOW');
  if (!state.ipRestrictionsConfig.isActive) return true;
  return state.ipRestrictionsConfig.strategy === 'ALLOW' ? hit('ALLOW') : !hit('BLOCK');
}

export const securityPolicyHandlers: PreviewRoute[] = [
  // IP and email-domain restrictions
  on(paths.securityPolicy.getIPRestrictions, (req) => {
    const raw = first(req.query, ['_filter', 'filter', 'strategy']);
    const strategy = restrictionType(raw);
    const search = strategy ? '' : (raw ?? '').toLowerCase();
    const list = req.state.ipRestrictions.filter(
      (r) =>
        (!strategy || r.strategy === strategy) && (r.ip + ' ' + r.description).toLowerCase().includes(search),
    );
    return page(list, int(req.query, ['_offset', 'offset'], 0), int(req.query, ['_limit', 'limit'], 10));
  }),
  on(paths.securityPolicy.createIPRestriction, (req) => createIpRestriction(req, req.body)),
  on(paths.securityPolicy.bulkCreateIPRestriction, (req) => {
    const items = Array.isArray(req.body) ? req.body : (record(req.body).ips ?? record(req.body).items);
    return Array.isArray(items) ? items.map((item) => createIpRestriction(req, item)) : [];
  }),
  on(
    paths.securityPolicy.deleteIPRestriction,
    (req) => (remove(req.state.ipRestrictions, (r) => r.id === req.params.id, 'IP restriction'), {}),
  ),
  on(paths.securityPolicy.getIPRestrictionsConfig, ({ state }) => state.ipRestrictionsConfig),
  on(paths.securityPolicy.updateIPRestrictionConfig, ({ state, body }) => {
    const input = record(body);
    const strategy = restrictionType(input.strategy);
    if (typeof input.isActive === 'boolean') state.ipRestrictionsConfig.isActive = input.isActive;
    if (strategy) state.ipRestrictionsConfig.strategy = strategy;
    return state.ipRestrictionsConfig;
  }),
  on(paths.securityPolicy.testCurrentIp, ({ state }) => ({ valid: currentIpValid(state, false) })),
  on(paths.securityPolicy.testCurrentIpInAllowList, ({ state }) => ({ valid: currentIpValid(state, true) })),
  on(paths.securityPolicy.getDomainRestrictions, (req) =>
    page(
      req.state.domainRestrictions,
      int(req.query, ['_offset', 'offset'], 0),
      int(req.query, ['_limit', 'limit'], 10),
    ),
  ),
  on(paths.securityPolicy.createDomainRestriction, (req) => {
    const body = record(req.body);
    const domain = text(body.domain)?.trim().toLowerCase();
    if (!domain) throw fail(400, 'domain is required');
    const type = restrictionType(body.type) ?? req.state.domainRestrictionsConfig.listType;
    const restriction = buildDomainRestriction({ id: newId('domain'), domain, type });
    req.state.domainRestrictions.push(restriction);
    return restriction;
  }),
  on(
    paths.securityPolicy.deleteDomainRestriction,
    (req) => (remove(req.state.domainRestrictions, (r) => r.id === req.params.id, 'Domain restriction'), {}),
  ),
  on(paths.securityPolicy.getDomainRestrictionsConfig, ({ state }) => state.domainRestrictionsConfig),
  on(paths.securityPolicy.updateDomainRestrictionConfig, ({ state, body }) => {
    const input = record(body);
    merge(state.domainRestrictionsConfig, input, ['active', 'blockPublicDomains']);
    const listType = restrictionType(input.listType);
    if (listType) state.domainRestrictionsConfig.listType = listType;
    return state.domainRestrictionsConfig;
  }),

  // Security policies
  on(paths.securityPolicy.getGlobalSecurityPolicy, ({ state }) => state.securityPolicy),
  on(paths.securityPolicy.getLockoutPolicy, ({ state }) => state.lockoutPolicy),
  on(paths.securityPolicy.getVendorLockoutPolicy, ({ state }) => state.lockoutPolicy),
  on(paths.securityPolicy.saveLockoutPolicy, ({ state, body }) =>
    merge(state.lockoutPolicy, record(body), ['enabled', 'maxAttempts']),
  ),
  on(paths.securityPolicy.getPasswordHistoryPolicy, ({ state }) => state.passwordHistoryPolicy),
  on(paths.securityPolicy.getVendorPasswordHistoryPolicy, ({ state }) => state.passwordHistoryPolicy),
  on(paths.securityPolicy.savePasswordHistoryPolicy, ({ state, body }) =>
    merge(state.passwordHistoryPolicy, record(body), ['enabled', 'historySize']),
  ),
  on(paths.securityPolicy.getMfaPolicy, ({ state }) => state.mfaPolicy),
  on(paths.securityPolicy.getVendorMfaPolicy, ({ state }) => state.mfaPolicy),
  on(paths.securityPolicy.saveMfaPolicy, ({ state, body }) =>
    merge(state.mfaPolicy, record(body), ['enforceMFAType', 'allowRememberMyDevice', 'mfaDeviceExpiration']),
  ),
  on(paths.securityPolicy.getCaptchaPolicy, () => ({ enabled: false, siteKey: '', minScore: 0.5 })),
];
