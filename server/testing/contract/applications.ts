// Contract script of applications: every call, and the refusals the preview must share with the server.
import { applicationsContracts as ap } from '../../../shared/api/contracts/applications';
import type { Saved, Script } from '../contract';
import { members, someUser } from './groups';

type App = { id: string; accessType?: string };
const managed = (s: Saved) => (s.apps as App[]).find((a) => a.accessType === 'MANAGED_ACCESS')!.id;
const free = (s: Saved) => (s.apps as App[]).find((a) => a.accessType === 'FREE_ACCESS')?.id;

export const applicationsScript: Script = {
  family: 'applications',
  steps: [
    members,
    { name: 'the applications', call: ap.getApplicationsData, save: 'apps' },
    {
      name: 'the applications, free ones left out',
      call: ap.getApplicationsData,
      query: { _includeFreeAccess: 'false' },
    },
    { name: 'tenant assignments', call: ap.getTenantsApplications },
    { name: 'tenant assignments v2', call: ap.getTenantsApplicationsV2 },
    {
      name: "a user's applications",
      call: ap.getUserApplicationsId,
      params: (s) => ({ userId: someUser(s) }),
    },
    {
      name: 'an unknown user is not found',
      call: ap.getUserApplicationsId,
      params: { userId: 'no-such-user' },
      expect: 404,
    },
    {
      name: "users' applications",
      call: ap.getUsersApplicationsId,
      query: (s) => ({ userIds: someUser(s) }),
    },
    {
      name: 'users of applications',
      call: ap.getUsersOfApplications,
      query: (s) => ({ appIds: managed(s) }),
    },
    {
      name: 'assign a user',
      call: ap.assignUserToApplications,
      body: (s) => ({ userId: someUser(s), appIds: [managed(s)] }),
    },
    {
      name: 'an assignment without applications is refused',
      call: ap.assignUserToApplications,
      body: (s) => ({ userId: someUser(s), appIds: [] }),
      expect: 400,
    },
    {
      name: 'an unknown application is not found',
      call: ap.assignUserToApplications,
      body: (s) => ({ userId: someUser(s), appIds: ['no-such-app'] }),
      expect: 404,
    },
    {
      name: '[ENUM-034] a FREE_ACCESS application cannot be assigned',
      call: ap.assignUserToApplications,
      body: (s) => ({ userId: someUser(s), appIds: [free(s) ?? 'none'] }),
      expect: 400,
    },
    {
      name: 'unassign the user',
      call: ap.unassignUserFromApplications,
      body: (s) => ({ userId: someUser(s), appIds: [managed(s)] }),
    },
  ],
};
