// IP and email-domain restrictions, and the security policies.
import type { z } from 'zod';
import { IP_RESTRICTIONS_DEFAULT_FILTER, ipRestrictionsContracts as ipc } from '../contracts/ipRestrictions';
import {
  DOMAIN_RESTRICTIONS_DEFAULT_LIMIT,
  DOMAIN_RESTRICTIONS_DEFAULT_OFFSET,
  domainRestrictionsContracts as dc,
} from '../contracts/domainRestrictions';
import { securityPolicyContracts as spc } from '../contracts/securityPolicy';
import { canonicalEntry, ipMatches } from '../ipAddress';
import { paths } from '../paths';
import { passwordTestConfig } from '../passwordRules';
import {
  fail,
  iso,
  newId,
  on,
  parseWith,
  page,
  type PreviewRequest,
  type PreviewRoute,
  remove,
} from './common';
import {
  buildDomainRestriction,
  buildIpRestriction,
  type RestrictionType,
  type SampleState,
} from './sampleData';

/** When the sample's policies were set: the dates every policy answer carries (as the server's rows do). */
const SINCE = '2024-01-01T00:00:00.000Z';
const dated = <T extends { id: string }>(policy: T) => ({ ...policy, createdAt: SINCE, updatedAt: SINCE });
/** The sample lockout with the server's lock duration. */
const lockout = (state: SampleState) => dated({ lockoutMinutes: 15, ...state.lockoutPolicy });
/** ER-4020: a save of a policy the vendor keeps (its allowOverride flag is off). */
const VENDOR_LOCKED = 'Your vendor does not let accounts change this policy';
const without = <T extends { id: string }>({ id: _id, ...rest }: T) => rest;

type IpEntryInput = z.output<typeof ipc.createIPRestriction.body>;

/** One entry added as the server adds it: the same address in the same list is updated instead. */
function createIpRestriction(req: PreviewRequest, input: IpEntryInput) {
  const ip = canonicalEntry(input.ip);
  const strategy = input.strategy ?? 'ALLOW';
  const now = iso(req.now);
  const existing = req.state.ipRestrictions.find((r) => r.ip === ip && r.strategy === strategy);
  if (existing) {
    if (input.isActive !== undefined) existing.isActive = input.isActive;
    if (input.description !== undefined) existing.description = input.description;
    existing.updatedAt = now;
    return existing;
  }
  const restriction = buildIpRestriction({
    id: newId('ip'),
    ip,
    strategy,
    isActive: input.isActive ?? true,
    description: input.description ?? '',
    createdAt: now,
    updatedAt: now,
  });
  req.state.ipRestrictions.push(restriction);
  return restriction;
}

/** As the server: does the current address pass the rules (or, `allowListOnly`, is it on the allow list)? */
function currentIpValid(state: SampleState, allowListOnly: boolean): boolean {
  const hit = (strategy: RestrictionType) =>
    state.ipRestrictions.some(
      (r) => r.isActive && r.strategy === strategy && ipMatches(r.ip, state.currentIp),
    );
  if (allowListOnly) return hit('ALLOW');
  if (!state.ipRestrictionsConfig.isActive) return true;
  return state.ipRestrictionsConfig.strategy === 'ALLOW' ? hit('ALLOW') : !hit('BLOCK');
}

/**
 * The preview (Frontegg's mock) answers up to 50 IP entries to a list call without a limit (SECURITY-011); the
 * server's default is 10 (SECURITY-010). The portal always asks for its page size (4).
 */
export const PREVIEW_IP_RESTRICTIONS_LIMIT = 50;

export const securityPolicyHandlers: PreviewRoute[] = [
  // IP and email-domain restrictions
  on(paths.securityPolicy.getIPRestrictions, (req) => {
    const q = parseWith(ipc.getIPRestrictions.query, Object.fromEntries(req.query));
    const strategy = q._filter ?? IP_RESTRICTIONS_DEFAULT_FILTER;
    const list = req.state.ipRestrictions.filter((r) => r.strategy === strategy);
    return page(list, q._offset ?? 0, q._limit ?? PREVIEW_IP_RESTRICTIONS_LIMIT);
  }),
  on(paths.securityPolicy.createIPRestriction, (req) =>
    createIpRestriction(req, parseWith(ipc.createIPRestriction.body, req.body)),
  ),
  on(paths.securityPolicy.bulkCreateIPRestriction, (req) =>
    parseWith(ipc.bulkCreateIPRestriction.body, req.body).ips.map((item) => createIpRestriction(req, item)),
  ),
  on(
    paths.securityPolicy.deleteIPRestriction,
    (req) => (remove(req.state.ipRestrictions, (r) => r.id === req.params.id, 'IP restriction'), {}),
  ),
  on(paths.securityPolicy.getIPRestrictionsConfig, ({ state }) => state.ipRestrictionsConfig),
  on(paths.securityPolicy.updateIPRestrictionConfig, ({ state, body }) => {
    const { isActive, strategy } = parseWith(ipc.updateIPRestrictionConfig.body, body);
    return Object.assign(state.ipRestrictionsConfig, { isActive, ...(strategy ? { strategy } : {}) });
  }),
  on(paths.securityPolicy.testCurrentIp, ({ state }) => ({ valid: currentIpValid(state, false) })),
  on(paths.securityPolicy.testCurrentIpInAllowList, ({ state }) => ({ valid: currentIpValid(state, true) })),
  on(paths.securityPolicy.getDomainRestrictions, (req) => {
    const q = parseWith(dc.getDomainRestrictions.query, Object.fromEntries(req.query));
    return page(
      req.state.domainRestrictions,
      q._offset ?? DOMAIN_RESTRICTIONS_DEFAULT_OFFSET,
      q._limit ?? DOMAIN_RESTRICTIONS_DEFAULT_LIMIT,
    );
  }),
  on(paths.securityPolicy.createDomainRestriction, (req) => {
    const { domain, type = req.state.domainRestrictionsConfig.listType } = parseWith(
      dc.createDomainRestriction.body,
      req.body,
    );
    // As the server: the same domain on the same list answers the entry it has.
    const existing = req.state.domainRestrictions.find((r) => r.domain === domain && r.type === type);
    if (existing) return existing;
    const restriction = buildDomainRestriction({ id: newId('domain'), domain, type });
    req.state.domainRestrictions.push(restriction);
    return restriction;
  }),
  on(
    paths.securityPolicy.deleteDomainRestriction,
    (req) => (
      remove(req.state.domainRestrictions, (r) => r.id === req.params.id, 'Email-domain restriction'),
      {}
    ),
  ),
  on(paths.securityPolicy.getDomainRestrictionsConfig, ({ state }) => state.domainRestrictionsConfig),
  on(paths.securityPolicy.updateDomainRestrictionConfig, ({ state, body }) => {
    const { active, blockPublicDomains, type } = parseWith(dc.updateDomainRestrictionConfig.body, body);
    return Object.assign(state.domainRestrictionsConfig, {
      active,
      ...(blockPublicDomains === undefined ? {} : { blockPublicDomains }),
      ...(type ? { listType: type } : {}),
    });
  }),

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
  on(paths.securityPolicy.savePasswordHistoryPolicy, ({ state, body }) => {
    const input = parseWith(spc.savePasswordHistoryPolicy.body, body);
    if (!state.securityPolicy.allowOverrideEnforcePasswordHistory) throw fail(403, VENDOR_LOCKED);
    return without(Object.assign(state.passwordHistoryPolicy, input));
  }),
  on(paths.securityPolicy.getMfaPolicy, ({ state }) => dated(state.mfaPolicy)),
  on(paths.securityPolicy.getVendorMfaPolicy, ({ state }) => dated(state.mfaPolicy)),
  on(paths.securityPolicy.saveMfaPolicy, ({ state, body }) =>
    without(Object.assign(state.mfaPolicy, parseWith(spc.saveMfaPolicy.body, body))),
  ),
  // Password rotation and rules (SECURITY-020): saved only where the vendor lets accounts, as on the server.
  on(paths.securityPolicy.getPasswordRotationPolicy, ({ state }) => ({ ...state.passwordRotationPolicy })),
  on(paths.securityPolicy.getVendorPasswordRotationPolicy, ({ state }) => ({
    ...state.passwordRotationPolicy,
  })),
  on(paths.securityPolicy.savePasswordRotationPolicy, ({ state, body }) => {
    const input = parseWith(spc.savePasswordRotationPolicy.body, body);
    if (!state.securityPolicy.allowOverridePasswordExpiration) throw fail(403, VENDOR_LOCKED);
    return { ...Object.assign(state.passwordRotationPolicy, input) };
  }),
  on(paths.securityPolicy.getPasswordConfigPolicy, ({ state }) => passwordTestConfig(state.passwordRules)),
  on(paths.securityPolicy.savePasswordConfigPolicy, ({ state, body }) => {
    const input = parseWith(spc.savePasswordConfigPolicy.body, body);
    if (!state.securityPolicy.allowOverridePasswordComplexity) throw fail(403, VENDOR_LOCKED);
    return passwordTestConfig(Object.assign(state.passwordRules, input));
  }),
];
