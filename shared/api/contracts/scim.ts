// SCIM 2.0 bodies (RFC 7643 resources, RFC 7644 messages) of the SCIM service (`shared/api/scim.ts`): what the
// server validates directories' requests with and what tests parse its answers with. Not in the contracts index:
// the elements never call SCIM. Directories send more than we keep; unknown attributes pass through (RFC 7644
// §3.3: a service ignores what it does not support) and are kept in the user's resource.
import { z } from 'zod';

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** RFC 7644 §3.12 scimType values we answer. */
export const scimType = z.enum([
  'uniqueness',
  'invalidFilter',
  'invalidValue',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'mutability',
  'tooMany',
]);
export type ScimType = z.infer<typeof scimType>;

/** RFC 7644 §3.12: the error body; `status` is the HTTP status as a string. */
export const scimError = z.object({
  schemas: z.tuple([z.literal(SCIM_SCHEMAS.error)]),
  status: z.string().regex(/^\d{3}$/),
  scimType: scimType.optional(),
  detail: z.string().optional(),
});

/** Entra ID sends booleans as strings ("True", "False"). */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i)
    .transform((v) => v.toLowerCase() === 'true'),
]);

const multiValued = z
  .object({
    value: z.string().optional(),
    type: z.string().optional(),
    primary: scimBoolean.optional(),
    display: z.string().optional(),
  })
  .passthrough();

export const scimMeta = z.object({
  resourceType: z.enum(['User', 'Group']),
  created: z.string(),
  lastModified: z.string(),
  location: z.string(),
  version: z.string(),
});

/** A User as a directory writes it (POST, PUT). */
export const scimUserBody = z
  .object({
    schemas: z.array(z.string()).optional(),
    userName: z.string().trim().min(1).max(320),
    externalId: z.string().max(500).optional(),
    name: z
      .object({
        formatted: z.string().optional(),
        givenName: z.string().optional(),
        familyName: z.string().optional(),
        middleName: z.string().optional(),
      })
      .passthrough()
      .optional(),
    displayName: z.string().max(500).optional(),
    nickName: z.string().optional(),
    title: z.string().optional(),
    emails: z.array(multiValued).optional(),
    phoneNumbers: z.array(multiValued).optional(),
    active: scimBoolean.optional(),
    [SCIM_SCHEMAS.enterpriseUser]: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
export type ScimUserBody = z.infer<typeof scimUserBody>;

/** A User as the service answers it. */
export const scimUser = z
  .object({
    schemas: z.array(z.string()),
    id: z.string(),
    userName: z.string(),
    externalId: z.string().optional(),
    active: z.boolean(),
    emails: z.array(multiValued).optional(),
    meta: scimMeta,
  })
  .passthrough();

export const scimMember = z
  .object({ value: z.string().min(1), display: z.string().optional() })
  .passthrough();

/** A Group as a directory writes it. */
export const scimGroupBody = z
  .object({
    schemas: z.array(z.string()).optional(),
    displayName: z.string().trim().min(1).max(200),
    externalId: z.string().max(500).optional(),
    members: z.array(scimMember).optional(),
  })
  .passthrough();

/** A Group as the service answers it (`members` left out when excluded). */
export const scimGroup = z
  .object({
    schemas: z.array(z.string()),
    id: z.string(),
    displayName: z.string(),
    externalId: z.string().optional(),
    members: z.array(z.object({ value: z.string(), display: z.string().optional() })).optional(),
    meta: scimMeta,
  })
  .passthrough();

/** One PATCH operation (RFC 7644 §3.5.2); op names in any case (Entra sends "Replace", "Add"). */
export const scimPatchOperation = z
  .object({
    op: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(['add', 'remove', 'replace'])),
    path: z.string().min(1).optional(),
    value: z.unknown().optional(),
  })
  .passthrough();
export type ScimPatchOperation = z.infer<typeof scimPatchOperation>;

export const scimPatchOp = z
  .object({
    schemas: z.array(z.string()).optional(),
    Operations: z.array(scimPatchOperation).min(1).max(1000),
  })
  .passthrough();

export const scimListResponse = <T extends z.ZodType>(resource: T) =>
  z.object({
    schemas: z.tuple([z.literal(SCIM_SCHEMAS.listResponse)]),
    totalResults: z.number().int().nonnegative(),
    startIndex: z.number().int().positive(),
    itemsPerPage: z.number().int().nonnegative(),
    Resources: z.array(resource),
  });

/** The list query (RFC 7644 §3.4.2): 1-based startIndex, count capped by the service. */
export const scimListQuery = z.object({
  filter: z.string().optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  attributes: z.string().optional(),
  excludedAttributes: z.string().optional(),
});
