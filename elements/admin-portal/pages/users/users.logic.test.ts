import { expect } from '@open-wc/testing';
import { createApiClient, type RequestOptions } from '../../../../shared/api/client';
import { paths, type ApiPath } from '../../../../shared/api/paths';
import {
  createTeamApi,
  DEFAULT_INVITE_LINK_MINUTES,
  roleIdsForUpdate,
  usersV3Query,
  type TeamUser,
} from '../../../../shared/api/team';
import { defaultOptions } from '../../../../shared/options/options';
import { inviteOneByOne, parseEmails } from './bulkInvite';
import { inviteLinkUrl } from './inviteLinkUrl';
import { resendKind, userStatus } from './userStatus';
import { afterBulkInvite, DEFAULT_USERS_QUERY } from './usersQuery';

/** A team API whose client records each call and answers `{}`. */
function recordingTeamApi() {
  const sent: { route: ApiPath; opts: RequestOptions }[] = [];
  const client = createApiClient({
    getOptions: () => defaultOptions,
    getToken: () => null,
    source: 'admin-portal',
  });
  client.request = (async (route: ApiPath, opts: RequestOptions = {}) => {
    sent.push({ route, opts });
    return {};
  }) as typeof client.request;
  return { api: createTeamApi(client), sent };
}

const user: TeamUser = {
  id: 'u',
  sub: 'u',
  email: 'u@x.test',
  name: 'U',
  tenantId: 't',
  tenantIds: ['t'],
  vendorId: 'v',
  roleIds: [],
  roles: [],
  tenants: [{ tenantId: 't', roles: [] }],
  verified: true,
  activatedForTenant: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  mfaEnrolled: false,
  metadata: '{}',
};

describe('users page logic', () => {
  it('[TEAM-008] the users list defaults to limit 20, offset 0, name descending', () => {
    expect(DEFAULT_USERS_QUERY).to.include({
      offset: 0,
      limit: 20,
      sortBy: 'name',
      order: 'DESC',
      filter: '',
    });
  });

  it('[TEAM-007] after a bulk invite the query is offset 0, page size 10, empty filter', () => {
    const next = afterBulkInvite({
      ...DEFAULT_USERS_QUERY,
      offset: 3,
      limit: 50,
      filter: 'maya',
      order: 'ASC',
    });
    expect(next).to.deep.equal({ ...DEFAULT_USERS_QUERY, offset: 0, limit: 10, filter: '', order: 'ASC' });
  });

  it('[TEAM-015] users v3 is asked with the underscore parameters', () => {
    expect(
      usersV3Query({ ...DEFAULT_USERS_QUERY, filter: ' rossi ', includeSubTenants: true }),
    ).to.deep.equal({
      _offset: 0,
      _limit: 20,
      _filter: 'rossi',
      _sortBy: 'name',
      _order: 'DESC',
      _includeSubTenants: true,
    });
    expect(usersV3Query(DEFAULT_USERS_QUERY)).not.to.have.property('_filter');
  });

  it('[TEAM-004] an emptied role list is sent as [""]', async () => {
    expect(roleIdsForUpdate([])).to.deep.equal(['']);
    expect(roleIdsForUpdate(['a', 'b'])).to.deep.equal(['a', 'b']);
    const { api, sent } = recordingTeamApi();
    await api.updateUserRoles('user-1', []);
    expect(sent[0]!.route).to.equal(paths.teams.updateUser);
    expect(sent[0]!.opts.body).to.deep.equal({ id: 'user-1', roleIds: [''] });
  });

  it('[TEAM-016][TEAM-017] roles and groups of users are asked with comma-joined ids', async () => {
    const { api, sent } = recordingTeamApi();
    await api.getUsersRoles(['a', 'b', 'c']);
    await api.getUsersGroups(['a', 'b']);
    expect(sent.map((s) => [s.route, s.opts.query])).to.deep.equal([
      [paths.users.getUsersRoles, { ids: 'a,b,c' }],
      [paths.users.getUsersGroups, { ids: 'a,b' }],
    ]);
  });

  it('[TEAM-020] an invite link is created for 43200 minutes unless told otherwise', async () => {
    expect(DEFAULT_INVITE_LINK_MINUTES).to.equal(43_200);
    const { api, sent } = recordingTeamApi();
    await api.createInviteLink();
    expect(sent[0]!.opts.body).to.deep.equal({ expiresInMinutes: 43_200, shouldSendEmail: false });
  });

  it('reads addresses from lines, commas and semicolons, once each, and sets the others apart', () => {
    expect(parseEmails(' A@x.test, b@x.test;\n\na@X.test  nope c@x.test\nnope')).to.deep.equal({
      emails: ['a@x.test', 'b@x.test', 'c@x.test'],
      invalid: ['nope'],
    });
  });

  it('[TEAM-005][TEAM-006] invites one by one: successes allowed, failures unallowed with the reason', async () => {
    const log: string[] = [];
    let running = 0;
    const result = await inviteOneByOne(
      ['a@x.test', 'b@x.test', 'c@x.test'],
      async (email) => {
        running += 1;
        log.push(`start ${email} (${running} running)`);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        if (email === 'b@x.test') throw new Error('already a member');
      },
      (error) => (error as Error).message,
    );
    expect(log).to.deep.equal([
      'start a@x.test (1 running)',
      'start b@x.test (1 running)',
      'start c@x.test (1 running)',
    ]);
    expect(result).to.deep.equal({
      allowed: ['a@x.test', 'c@x.test'],
      unallowed: [{ email: 'b@x.test', reason: 'already a member' }],
    });
  });

  it('a user is disabled, invited, not activated or active; the mail to resend follows', () => {
    expect(userStatus({ ...user, isDisabled: true, activatedForTenant: false })).to.equal('disabled');
    expect(userStatus({ ...user, activatedForTenant: false, verified: false })).to.equal('invited');
    expect(userStatus({ ...user, activatedForTenant: true, verified: false })).to.equal('notActivated');
    expect(userStatus({ ...user, activatedForTenant: true, verified: true })).to.equal('active');
    expect(resendKind({ ...user, activatedForTenant: false, verified: false })).to.equal('invitation');
    expect(resendKind({ ...user, activatedForTenant: true, verified: false })).to.equal('activation');
    expect(resendKind({ ...user, activatedForTenant: true, verified: true })).to.equal(null);
  });

  it('the invite link opens the sign-up route with the token, under either URL strategy', () => {
    const page = new URL('https://app.example/portal/?x=1#/users');
    expect(inviteLinkUrl('a b', '/account/sign-up', 'path', page)).to.equal(
      'https://app.example/account/sign-up?invitationToken=a%20b',
    );
    expect(inviteLinkUrl('tok', '/account/sign-up', 'hash', page)).to.equal(
      'https://app.example/portal/?x=1#/account/sign-up?invitationToken=tok',
    );
  });
});
