import { atom } from 'jotai';
import type { NavigationOptions } from './options';
import type { ApiClient } from '../api/client';
import type { AnswerOf } from '../api/contracts/contract';
import type { metadataContracts } from '../api/contracts/metadata';
import { paths } from '../api/paths';

/** The portal configuration from the metadata call (SHELL-015/016); empty until loaded. */
export interface PortalConfiguration {
  navigation?: NavigationOptions;
  theme?: unknown;
  [key: string]: unknown;
}

export const portalConfigurationAtom = atom<PortalConfiguration>({});

export const METADATA_NOT_FOUND = 'metadata not found';
export const IP_METADATA_NOT_FOUND = 'ip metadata not found';

/** rows[0].configuration of a GET /metadata?entityName=adminBox answer; anything else is 'metadata not found'. */
export function readPortalConfiguration(answer: unknown): PortalConfiguration {
  const rows = (answer as { rows?: unknown } | null)?.rows;
  const configuration = Array.isArray(rows)
    ? (rows[0] as { configuration?: unknown } | undefined)?.configuration
    : null;
  if (!configuration || typeof configuration !== 'object') throw new Error(METADATA_NOT_FOUND);
  return configuration as PortalConfiguration;
}

/** GET /metadata?entityName=adminBox (SHELL-015), read at rows[0].configuration (SHELL-016). */
export async function loadPortalConfiguration(
  client: Pick<ApiClient, 'request'>,
): Promise<PortalConfiguration> {
  return readPortalConfiguration(
    await client.request(paths.metadata.getMetadata, { query: { entityName: 'adminBox' } }),
  );
}

/** The caller's IP as the server sees it (used to add "My IP" to the IP allow list). */
export type IpMetadata = AnswerOf<typeof metadataContracts.getCurrentUserIpMetadata>;

/** GET /metadata/ipme; an answer without an IP is 'ip metadata not found' (SHELL-018). */
export async function loadCurrentIpMetadata(client: Pick<ApiClient, 'request'>): Promise<IpMetadata> {
  const answer = await client.request<Partial<IpMetadata> | null>(paths.metadata.getCurrentUserIpMetadata);
  if (!answer || typeof answer.ip !== 'string' || !answer.ip) throw new Error(IP_METADATA_NOT_FOUND);
  return answer as IpMetadata;
}
