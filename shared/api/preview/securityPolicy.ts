// IP and email-domain restrictions, and the security policies.
import { securityPolicyContracts as spc } from '../contracts/securityPolicy';
import { paths } from '../paths';
import {
  fail,
  first,
  int,
  iso,
  merge,
  newId,
  on,
  parseWith,
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
  SAMPLE_VENDOR_ID,
  type SampleState,
} from './sampleData';

/** When the sample's policies were set: the dates every policy answer carries (as the server's rows do). */
const SINCE = '2024-01-01T00:00:00.000Z';
const dated = <T extends { id: string }>(policy: T) => ({ ...policy, createdAt: SINCE, updatedAt: SINCE });
/** The sample lockout with the server's lock duration. */
const lockout = (state: SampleState) => dated({ lockoutMinutes: 15, ...state.lockoutPolicy });
const without = <T extends { id: string }>({ id: _id, ...rest }: T) => rest;

const restrictionType = (value: unknown): RestrictionType | undefined => {
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  return upper === 'ALLOW' || upper === 'BLOCK' ? upper : undefined;
};

/** A restrictions config saved: the `flags` the body gives, and its list type (`typeKey`) when it names one. */
function saveConfig<C extends object>(
  config: C,
  body: unknown,
  flags: readonly (keyof C & string)[],
  typeKey: keyof C & string,
): C {
  const input = record(body);
  merge(config, input, flags);
  const type = restrictionType(input[typeKey]);
  if (type) Object.assign(config, { [typeKey]: type });
  return config;
}

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
  on(paths.securityPolicy.updateIPRestrictionConfig, ({ state, body }) =>
    saveConfig(state.ipRestrictionsConfig, body, ['isActive'], 'strategy'),
  ),
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
  on(paths.securityPolicy.updateDomainRestrictionConfig, ({ state, body }) =>
    saveConfig(state.domainRestrictionsConfig, body, ['active', 'blockPublicDomains'], 'listType'),
  ),

  // Security policies
  on(paths.securityPolicy.getGlobalSecurityPolicy, ({ state }) =>
    dated({ ...state.securityPolicy, enforceMFAType: state.mfaPolicy.enforceMFAType }),
  ),
  on(paths.securityPolicy.getLockoutPolicy, ({ state }) => lockout(state)),
  on(paths.securityPolicy.getVendorLockoutPolicy, ({ state }) => lockout(state)),
  on(paths.securityPolicy.saveLockoutPolicy, ({ state, body }) =>
    without(
      lockout({
        ...state,
        lockoutPolicy: Object.assign(
          state.lockoutPolicy,
          parseWith(spc.saveLockoutPolicy.body.omit({ lockoutMinutes: true }), body),
        ),
      }),
    ),
  ),
  on(paths.securityPolicy.getPasswordHistoryPolicy, ({ state }) => dated(state.passwordHistoryPolicy)),
  on(paths.securityPolicy.getVendorPasswordHistoryPolicy, ({ state }) => dated(state.passwordHistoryPolicy)),
  on(paths.securityPolicy.savePasswordHistoryPolicy, ({ state, body }) =>
    without(Object.assign(state.passwordHistoryPolicy, parseWith(spc.savePasswordHistoryPolicy.body, body))),
  ),
  on(paths.securityPolicy.getMfaPolicy, ({ state }) => dated(state.mfaPolicy)),
  on(paths.securityPolicy.getVendorMfaPolicy, ({ state }) => dated(state.mfaPolicy)),
  on(paths.securityPolicy.saveMfaPolicy, ({ state, body }) =>
    without(Object.assign(state.mfaPolicy, parseWith(spc.saveMfaPolicy.body, body))),
  ),
  on(paths.securityPolicy.getPasswordRotationPolicy, () => ({ isActive: false })),
  on(paths.securityPolicy.getVendorPasswordRotationPolicy, () => ({ isActive: false })),
  on(paths.securityPolicy.getPasswordConfigPolicy, () => ({
    minLength: 8,
    maxLength: 128,
    allowPassphrases: true,
    minPhraseLength: 20,
    minOptionalTestsToPass: 0,
  })),
  on(paths.securityPolicy.getCaptchaPolicy, () =>
    dated({ id: `${SAMPLE_VENDOR_ID}:captcha`, enabled: false, siteKey: '' }),
  ),
];
