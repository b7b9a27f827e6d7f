// Would an IP-restriction change lock the administrator making it out (SECURITY-007 userIpValid)? The page
// asks before it saves such a change. The server tells whether the caller's address is on the allow list;
// the caller's address itself is the one the server saw for the current session.
import { ipMatches } from '../../../../shared/api/ipAddress';
import type {
  IpRestriction,
  IpRestrictionInput,
  IpRestrictionsConfig,
  SecurityPolicyApi,
} from '../../../../shared/api/securityPolicy';

type Api = Pick<SecurityPolicyApi, 'testCurrentIpInAllowList' | 'getIpRestrictions'>;

const strategyOf = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : 'ALLOW');

/** Saving `next` as the config: an allow rule without the caller on the list, or a block rule listing them. */
export async function configLocksOut(next: IpRestrictionsConfig, myIp: string | null, api: Api) {
  if (!next.isActive) return false;
  if (next.strategy === 'ALLOW') return !(await api.testCurrentIpInAllowList());
  if (!myIp) return false;
  const blocked = await api.getIpRestrictions({ offset: 0, limit: 100, filter: 'BLOCK' });
  return blocked.items.some((entry) => entry.isActive && ipMatches(entry.ip, myIp));
}

/** Adding an active block entry that covers the caller while the block rule is on. */
export function entryLocksOut(
  entry: IpRestrictionInput,
  config: IpRestrictionsConfig | null,
  myIp: string | null,
) {
  if (!config?.isActive || config.strategy !== 'BLOCK' || !myIp) return false;
  return strategyOf(entry.strategy) === 'BLOCK' && entry.isActive !== false && ipMatches(entry.ip, myIp);
}

/** Deleting the active allow entry that lets the caller in while the allow rule is on. */
export function deleteLocksOut(
  entry: IpRestriction,
  config: IpRestrictionsConfig | null,
  myIp: string | null,
) {
  if (!config?.isActive || config.strategy !== 'ALLOW' || !myIp) return false;
  return entry.strategy === 'ALLOW' && entry.isActive && ipMatches(entry.ip, myIp);
}
