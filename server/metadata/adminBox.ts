// The portal metadata (`GET /metadata?entityName=adminBox`, SHELL-015/016): the vendor's portal configuration —
// navigation, field and tab appearance, theme — stored per vendor in `vendor_metadata`. A vendor that never
// saved one gets the default below, which changes nothing (every field and tab editable, the built-in
// navigation) and lists the knobs a vendor may turn.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { portalFieldKeys, portalTabKeys } from '../../shared/options/portalAppearance';
import type { Services } from '../context';
import { vendorMetadata, vendors } from '../db/schema';

export const ADMIN_BOX = 'adminBox';

const fieldAppearance = z.enum(['hidden', 'viewOnly', 'edit']);
const tabAppearance = z.enum(['hidden', 'edit']);
const known = (keys: readonly string[]) => (key: string) => keys.includes(key);

/** What a stored configuration may hold: the keys the portal reads (`shared/options/metadata.ts`). */
export const adminBoxConfigurationSchema = z
  .object({
    /** Per navigation entry (`users`, `roles`, …): `{ visibility, feature }`, as the host's `navigation` option. */
    navigation: z
      .record(
        z.string().max(50),
        z
          .object({
            visibility: z.enum(['always', 'hidden', 'byPermissions']).optional(),
            feature: z.string().max(100).optional(),
          })
          .strict(),
      )
      .refine((map) => Object.keys(map).length <= 50, 'too many entries'),
    /** `page.field` → hidden | viewOnly | edit. */
    fields: z.record(z.string().refine(known(portalFieldKeys), 'unknown field'), fieldAppearance),
    /** `page.tab` → hidden | edit. */
    tabs: z.record(z.string().refine(known(portalTabKeys), 'unknown tab'), tabAppearance),
    /**
     * A theme in the shape of the host's `theme` option (palette, typography, shape). Served as stored; the
     * elements apply the host's option, not this one, today.
     */
    theme: z
      .record(z.string().max(50), z.unknown())
      .refine((t) => JSON.stringify(t).length <= 10_000, 'too large'),
  })
  .strict();

export type AdminBoxConfiguration = z.infer<typeof adminBoxConfigurationSchema>;

/** The configuration of a vendor that saved none. */
export function defaultAdminBoxConfiguration(): AdminBoxConfiguration {
  return {
    navigation: {},
    fields: Object.fromEntries(portalFieldKeys.map((key) => [key, 'edit'])),
    tabs: Object.fromEntries(portalTabKeys.map((key) => [key, 'edit'])),
    theme: {},
  };
}

/** One metadata row in the shape of Frontegg's metadata API (`rows[0]`). */
export interface MetadataRow {
  id: string;
  entityName: string;
  vendorId: string;
  configuration: AdminBoxConfiguration;
  createdAt: string;
  updatedAt: string;
}

type MetadataServices = Pick<Services, 'db' | 'vendorId'>;

/** The vendor's portal configuration: the stored one (when it still validates), else the default. */
export async function readAdminBox({ db, vendorId }: MetadataServices): Promise<MetadataRow> {
  const [row] = await db
    .select({ vendorCreatedAt: vendors.createdAt, stored: vendorMetadata })
    .from(vendors)
    .leftJoin(
      vendorMetadata,
      and(eq(vendorMetadata.vendorId, vendors.id), eq(vendorMetadata.entityName, ADMIN_BOX)),
    )
    .where(eq(vendors.id, vendorId));
  // Over the default, so a part never saved keeps its default; a value that no longer validates is not served.
  const stored = row?.stored?.configuration;
  const parsed =
    stored && typeof stored === 'object'
      ? adminBoxConfigurationSchema.safeParse({ ...defaultAdminBoxConfiguration(), ...stored })
      : null;
  const since = (row?.vendorCreatedAt ?? new Date(0)).toISOString();
  return {
    id: `${vendorId}:${ADMIN_BOX}`,
    entityName: ADMIN_BOX,
    vendorId,
    configuration: parsed?.success ? parsed.data : defaultAdminBoxConfiguration(),
    createdAt: row?.stored?.createdAt.toISOString() ?? since,
    updatedAt: row?.stored?.updatedAt.toISOString() ?? since,
  };
}

/**
 * A commit of changes (`POST /metadata/admin-box`, Frontegg's `{ actions: [{ type, payload }] }`): each action
 * replaces one part of the configuration — `type` names it (navigation, fields, tabs, theme), `payload` is
 * its new value. The result is validated whole before it is stored.
 */
export const commitChangesSchema = z.object({
  actions: z
    .array(
      z.object({
        type: z.enum(['navigation', 'fields', 'tabs', 'theme']),
        payload: z.unknown(),
      }),
    )
    .min(1)
    .max(20),
});

export async function commitAdminBox(
  services: MetadataServices,
  actions: z.infer<typeof commitChangesSchema>['actions'],
): Promise<{ ok: true; row: MetadataRow } | { ok: false; errors: string[] }> {
  const { db, vendorId } = services;
  const next: Record<string, unknown> = { ...(await readAdminBox(services)).configuration };
  for (const action of actions) next[action.type] = action.payload;
  const parsed = adminBoxConfigurationSchema.safeParse(next);
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'configuration'}: ${i.message}`),
    };
  const now = new Date();
  await db
    .insert(vendorMetadata)
    .values({ vendorId, entityName: ADMIN_BOX, configuration: parsed.data, updatedAt: now })
    .onConflictDoUpdate({
      target: [vendorMetadata.vendorId, vendorMetadata.entityName],
      set: { configuration: parsed.data, updatedAt: now },
    });
  return { ok: true, row: await readAdminBox(services) };
}
