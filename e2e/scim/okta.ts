// Okta's SCIM 2.0 provisioning, as its SCIM docs describe the requests: a lookup by userName before every create
// (startIndex=1&count=100), create, read, a full PUT on profile changes, deactivation by a path-less PATCH
// replace, push groups (create, PATCH members add and remove by `members[value eq "…"]`, delete).
import type { ScimStep } from './steps';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

export const oktaUserName = 'okta.user@okta-replay.test';

const user = (givenName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER],
  userName: oktaUserName,
  name: { givenName, familyName: 'Okta' },
  emails: [{ primary: true, value: oktaUserName, type: 'work' }],
  displayName: `${givenName} Okta`,
  locale: 'en-US',
  externalId: '00u1okta',
  groups: [],
  password: 'ignored-by-the-service-1!',
  active: true,
  ...extra,
});

export const oktaSequence: ScimStep[] = [
  {
    name: 'Okta looks the user up by userName',
    method: 'GET',
    path: `/Users?filter=${encodeURIComponent(`userName eq "${oktaUserName}"`)}&startIndex=1&count=100`,
    expect: {
      status: 200,
      body: { schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] },
    },
  },
  {
    name: 'Okta creates the user',
    method: 'POST',
    path: '/Users',
    body: user('Olive'),
    expect: {
      status: 201,
      body: {
        userName: oktaUserName,
        active: true,
        externalId: '00u1okta',
        meta: { resourceType: 'User', version: 'W/"1"' },
      },
    },
    save: { oktaUserId: 'id' },
  },
  {
    name: 'Okta finds it by userName now',
    method: 'GET',
    path: `/Users?filter=${encodeURIComponent(`userName eq "${oktaUserName}"`)}&startIndex=1&count=100`,
    expect: { status: 200, body: { totalResults: 1, Resources: [{ id: '{{oktaUserId}}' }] } },
  },
  {
    name: 'Okta reads the user',
    method: 'GET',
    path: '/Users/{{oktaUserId}}',
    expect: { status: 200, body: { id: '{{oktaUserId}}', name: { givenName: 'Olive' } } },
  },
  {
    name: 'Okta replaces the profile (PUT)',
    method: 'PUT',
    path: '/Users/{{oktaUserId}}',
    body: { ...user('Oliver'), id: '{{oktaUserId}}' },
    expect: {
      status: 200,
      body: {
        id: '{{oktaUserId}}',
        name: { givenName: 'Oliver' },
        displayName: 'Oliver Okta',
        meta: { version: 'W/"2"' },
      },
    },
  },
  {
    name: 'Okta pushes a group',
    method: 'POST',
    path: '/Groups',
    body: { schemas: [GROUP], displayName: 'Okta Engineers', members: [] },
    expect: { status: 201, body: { displayName: 'Okta Engineers', members: [] } },
    save: { oktaGroupId: 'id' },
  },
  {
    name: 'Okta adds the user to the group',
    method: 'PATCH',
    path: '/Groups/{{oktaGroupId}}',
    body: {
      schemas: [PATCH],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: '{{oktaUserId}}', display: oktaUserName }] },
      ],
    },
    expect: { status: 200, body: { members: [{ value: '{{oktaUserId}}' }] } },
  },
  {
    name: 'Okta renames the group (path-less replace with its id)',
    method: 'PATCH',
    path: '/Groups/{{oktaGroupId}}',
    body: {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { id: '{{oktaGroupId}}', displayName: 'Okta Engineering' } }],
    },
    expect: { status: 200, body: { displayName: 'Okta Engineering' } },
  },
  {
    name: 'Okta removes the user from the group',
    method: 'PATCH',
    path: '/Groups/{{oktaGroupId}}',
    body: { schemas: [PATCH], Operations: [{ op: 'remove', path: 'members[value eq "{{oktaUserId}}"]' }] },
    expect: { status: 200, body: { members: [] } },
  },
  {
    name: 'Okta adds the user again (kept for users v3)',
    method: 'PATCH',
    path: '/Groups/{{oktaGroupId}}',
    body: {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: '{{oktaUserId}}' }] }],
    },
    expect: { status: 200, body: { members: [{ value: '{{oktaUserId}}' }] } },
  },
  {
    name: 'Okta pushes a second group and deletes it',
    method: 'POST',
    path: '/Groups',
    body: { schemas: [GROUP], displayName: 'Okta Temporary' },
    expect: { status: 201 },
    save: { oktaTempGroupId: 'id' },
  },
  {
    name: 'Okta deletes the second group',
    method: 'DELETE',
    path: '/Groups/{{oktaTempGroupId}}',
    expect: { status: 204 },
  },
  {
    name: 'the deleted group is gone',
    method: 'GET',
    path: '/Groups/{{oktaTempGroupId}}',
    expect: {
      status: 404,
      body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '404' },
    },
  },
  {
    name: 'a second create of the same userName is 409 uniqueness',
    method: 'POST',
    path: '/Users',
    body: user('Olive'),
    expect: { status: 409, body: { status: '409', scimType: 'uniqueness' } },
  },
];

/** Okta's deactivation (run after the user signed in). */
export const oktaDeactivate: ScimStep = {
  name: 'Okta deactivates the user (path-less replace)',
  method: 'PATCH',
  path: '/Users/{{oktaUserId}}',
  body: { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] },
  expect: { status: 200, body: { id: '{{oktaUserId}}', active: false } },
};
