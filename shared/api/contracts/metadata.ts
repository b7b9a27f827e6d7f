// The vendor's portal configuration (SHELL-015/016) and the caller's address, on the `metadata` group of the
// paths table.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { isoDate } from './common';
import { auditColumn } from './audits';

/** Field appearance values (ENUM-012) and tab appearance values (ENUM-013) of the portal configuration. */
export const fieldAppearance = z.enum(['hidden', 'viewOnly', 'edit']);
export const tabAppearance = z.enum(['hidden', 'edit']);

/** The portal configuration a metadata row carries (the server checks the keys it stores). */
export const portalConfiguration = z.object({
  navigation: z.record(z.string(), z.unknown()).optional(),
  fields: z.record(z.string(), fieldAppearance).optional(),
  tabs: z.record(z.string(), tabAppearance).optional(),
  theme: z.unknown().optional(),
});

/** One metadata row in the shape of Frontegg's metadata API (`rows[0]`, IBaseMetadata). */
export const metadataRow = z.object({
  id: z.string(),
  entityName: z.string(),
  vendorId: z.string(),
  configuration: portalConfiguration,
  properties: z.array(z.unknown()).optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** The audit log's columns (Frontegg's IAuditsMetadata; AUDITS-002, AUDITS-008): AUDIT_COLUMNS of ./audits. */
export const auditsMetadataRow = z.object({
  id: z.string(),
  entityName: z.literal('audits'),
  vendorId: z.string(),
  properties: z.array(auditColumn),
  theme: z.object({ id: z.string(), name: z.string(), styles: z.unknown() }),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** The caller's address as the server sees it (Frontegg's IMetadataIp); no geolocation here: null. */
export const ipMetadata = z.object({
  ip: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  city: z.string().nullable(),
  country_name: z.string().nullable(),
  country_code: z.string().nullable(),
  zip: z.string().nullable(),
  location: z.object({
    country_flag: z.string().nullable().optional(),
    country_flag_emoji: z.string().nullable().optional(),
  }),
});

/** A commit of changes (Frontegg's CommitChangesRequest): each action replaces one part. */
export const commitChanges = z.object({
  actions: z
    .array(z.object({ type: z.enum(['navigation', 'fields', 'tabs', 'theme']), payload: z.unknown() }))
    .min(1)
    .max(20),
});

export const metadataContracts = {
  getMetadata: contract({
    route: paths.metadata.getMetadata,
    query: z.object({ entityName: z.string().max(100) }),
    response: z.object({ rows: z.array(z.union([metadataRow, auditsMetadataRow])) }),
  }),
  getAdminBoxMetadata: contract({ route: paths.metadata.getAdminBoxMetadata, response: metadataRow }),
  updateAdminBoxMetadata: contract({
    route: paths.metadata.updateAdminBoxMetadata,
    body: commitChanges,
    response: metadataRow,
  }),
  getCurrentUserIpMetadata: contract({
    route: paths.metadata.getCurrentUserIpMetadata,
    response: ipMetadata,
  }),
} as const;
