// Entra ID's (Azure AD) SCIM 2.0 provisioning, as its SCIM docs describe the requests: a lookup by userName,
// create with the enterprise extension, PATCH with capitalised ops ("Replace", "Add"), value paths such as
// `emails[type eq "work"].value`, the manager as a bare id, `active` as the string "False"; groups looked up with
// `excludedAttributes=members`, created, members added with `{op:"Add", path:"members", value:[…]}` and removed
// with `{op:"Remove", path:"members", value:[…]}`; the user deleted.
import type { ScimStep } from './steps';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export const entraUserName = 'entra.user@entra-replay.test';

export const entraSequence: ScimStep[] = [
  {
    name: 'Entra looks the user up by userName',
    method: 'GET',
    path: `/Users?filter=${encodeURIComponent(`userName eq "${entraUserName}"`)}`,
    expect: { status: 200, body: { totalResults: 0, Resources: [] } },
  },
  {
    name: 'Entra creates the user with the enterprise extension',
    method: 'POST',
    path: '/Users',
    body: {
      schemas: [USER, ENTERPRISE],
      externalId: 'entra-object-1',
      userName: entraUserName,
      active: true,
      displayName: 'Erin Entra',
      emails: [{ primary: true, type: 'work', value: entraUserName }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Erin Entra', familyName: 'Entra', givenName: 'Erin' },
      roles: [],
      [ENTERPRISE]: { department: 'Research', employeeNumber: '42' },
    },
    expect: {
      status: 201,
      body: {
        schemas: [USER, ENTERPRISE],
        userName: entraUserName,
        active: true,
        [ENTERPRISE]: { department: 'Research' },
      },
    },
    save: { entraUserId: 'id' },
  },
  {
    name: 'Entra patches with "Replace" and "Add", a value path and the manager',
    method: 'PATCH',
    path: '/Users/{{entraUserId}}',
    body: {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Erin E. Entra' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: entraUserName },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: 'manager-object-7' },
        { op: 'Add', path: 'title', value: 'Researcher' },
      ],
    },
    expect: {
      status: 200,
      body: {
        displayName: 'Erin E. Entra',
        title: 'Researcher',
        [ENTERPRISE]: { manager: { value: 'manager-object-7' } },
      },
    },
  },
  {
    name: 'Entra looks the group up without members',
    method: 'GET',
    path: `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Entra Researchers"')}`,
    expect: { status: 200, body: { totalResults: 0, Resources: [] } },
  },
  {
    name: 'Entra creates the group',
    method: 'POST',
    path: '/Groups',
    body: { schemas: [GROUP], externalId: 'entra-group-1', displayName: 'Entra Researchers', members: [] },
    expect: { status: 201, body: { displayName: 'Entra Researchers', externalId: 'entra-group-1' } },
    save: { entraGroupId: 'id' },
  },
  {
    name: 'Entra finds the group without members',
    method: 'GET',
    path: `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Entra Researchers"')}`,
    expect: {
      status: 200,
      body: { totalResults: 1, Resources: [{ id: '{{entraGroupId}}', displayName: 'Entra Researchers' }] },
    },
  },
  {
    name: 'Entra adds the member',
    method: 'PATCH',
    path: '/Groups/{{entraGroupId}}',
    body: {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: '{{entraUserId}}' }] }],
    },
    expect: { status: 200, body: { members: [{ value: '{{entraUserId}}' }] } },
  },
];

/** Entra's deactivation ("False" as a string) — run after the user signed in. */
export const entraDeactivate: ScimStep = {
  name: 'Entra deactivates the user with active "False"',
  method: 'PATCH',
  path: '/Users/{{entraUserId}}',
  body: { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
  expect: { status: 200, body: { active: false } },
};

/** Entra removes the member, then deletes the user. */
export const entraCleanup: ScimStep[] = [
  {
    name: 'Entra removes the member',
    method: 'PATCH',
    path: '/Groups/{{entraGroupId}}',
    body: {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: '{{entraUserId}}' }] }],
    },
    expect: { status: 200, body: { members: [] } },
  },
  {
    name: 'Entra deletes the user',
    method: 'DELETE',
    path: '/Users/{{entraUserId}}',
    expect: { status: 204 },
  },
  {
    name: 'the deleted user is gone',
    method: 'GET',
    path: '/Users/{{entraUserId}}',
    expect: { status: 404, body: { status: '404' } },
  },
];
