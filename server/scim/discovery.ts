// The SCIM discovery resources (RFC 7644 §4, RFC 7643 §5-7): what this service supports (PATCH, filters up to a
// count, no bulk, sort, ETags or password changes), its resource types and the schemas of User, the enterprise
// extension and Group, limited to the attributes it keeps.
import { SCIM_SCHEMAS } from '../../shared/api/contracts/scim';

type Json = Record<string, unknown>;

const attr = (name: string, type = 'string', extra: Json = {}): Json => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const multi = (name: string): Json =>
  attr(name, 'complex', {
    multiValued: true,
    subAttributes: [attr('value'), attr('type'), attr('primary', 'boolean'), attr('display')],
  });

const userSchema: Json = {
  id: SCIM_SCHEMAS.user,
  name: 'User',
  description: 'User Account',
  attributes: [
    attr('userName', 'string', { required: true, uniqueness: 'server' }),
    attr('name', 'complex', {
      subAttributes: [attr('formatted'), attr('givenName'), attr('familyName'), attr('middleName')],
    }),
    attr('displayName'),
    attr('nickName'),
    attr('title'),
    attr('active', 'boolean'),
    multi('emails'),
    multi('phoneNumbers'),
  ],
};

const enterpriseSchema: Json = {
  id: SCIM_SCHEMAS.enterpriseUser,
  name: 'EnterpriseUser',
  description: 'Enterprise User',
  attributes: [
    attr('employeeNumber'),
    attr('costCenter'),
    attr('organization'),
    attr('division'),
    attr('department'),
    attr('manager', 'complex', { subAttributes: [attr('value'), attr('displayName')] }),
  ],
};

const groupSchema: Json = {
  id: SCIM_SCHEMAS.group,
  name: 'Group',
  description: 'Group',
  attributes: [
    attr('displayName', 'string', { required: true, uniqueness: 'server' }),
    attr('members', 'complex', {
      multiValued: true,
      subAttributes: [attr('value', 'string', { mutability: 'immutable' }), attr('display')],
    }),
  ],
};

const withMeta = (base: string, kind: 'Schema' | 'ResourceType', id: string, resource: Json): Json => ({
  schemas: [kind === 'Schema' ? SCIM_SCHEMAS.schema : SCIM_SCHEMAS.resourceType],
  ...resource,
  meta: { resourceType: kind, location: `${base}/${kind === 'Schema' ? 'Schemas' : 'ResourceTypes'}/${id}` },
});

export const discovery = {
  serviceProviderConfig: (base: string, maxResults: number): Json => ({
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: "The bearer token of the tenant's directory connection, shown once at its creation",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  }),
  schemas: (base: string): Json[] =>
    [userSchema, enterpriseSchema, groupSchema].map((s) => withMeta(base, 'Schema', String(s.id), s)),
  resourceTypes: (base: string): Json[] => [
    withMeta(base, 'ResourceType', 'User', {
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'User Account',
      schema: SCIM_SCHEMAS.user,
      schemaExtensions: [{ schema: SCIM_SCHEMAS.enterpriseUser, required: false }],
    }),
    withMeta(base, 'ResourceType', 'Group', {
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'Group',
      schema: SCIM_SCHEMAS.group,
    }),
  ],
  /** A ListResponse of every resource (the discovery lists are not paged). */
  list: (resources: Json[]): Json => ({
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  }),
};
