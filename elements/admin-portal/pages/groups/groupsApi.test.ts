import { expect } from '@open-wc/testing';
import { createApiClient } from '../../../../shared/api/client';
import { ApiError } from '../../../../shared/api/errors';
import { createGroupsApi, loadGroupsPageData, type Group } from '../../../../shared/api/groups';
import type { Role } from '../../../../shared/api/roles';
import { resolveOptions } from '../../../../shared/options/options';

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

/** A client whose transport records the request and answers `answer`. */
function recordingClient(answer: unknown) {
  const sent: Sent[] = [];
  const client = createApiClient({
    getOptions: () => resolveOptions({ baseUrl: 'https://api.example.test' }),
    getToken: () => 'token',
    source: 'admin-portal',
    fetchImpl: async (input, init) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: new URL(String(input)),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    },
  });
  return { sent, api: createGroupsApi(client) };
}

const editor: Role = {
  id: 'r1',
  key: 'Editor',
  name: 'Editor',
  isDefault: false,
  permissions: [],
  tenantId: null,
  vendorId: 'v1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const one: Group = { id: 'g1', name: 'One', managedBy: 'frontegg' };

describe('groups API module', () => {
  it('[GROUPS-006] fetches groups by ids with POST on the get-by-ids route, with body and query params', async () => {
    const { sent, api } = recordingClient({ groups: [{ id: 'g1', name: 'One' }] });
    const groups = await api.getGroupsByIds(['g1', 'g2'], { _groupsRelations: 'roles' });
    expect(groups).to.deep.equal([{ id: 'g1', name: 'One' }]);
    expect(sent).to.have.length(1);
    expect(sent[0]!.method).to.equal('POST');
    expect(sent[0]!.url.pathname).to.equal('/identity/resources/groups/v1/bulkGet');
    expect(sent[0]!.url.searchParams.get('_groupsRelations')).to.equal('roles');
    expect(sent[0]!.body).to.deep.equal({ groupsIds: ['g1', 'g2'] });
  });

  it('[GROUPS-008] the update sends PATCH {groupId} with the remaining fields as body', async () => {
    const { sent, api } = recordingClient({ id: 'g1', name: 'New' });
    await api.updateGroup({ groupId: 'g/1', name: 'New', color: '#000000' });
    expect(sent[0]!.method).to.equal('PATCH');
    expect(sent[0]!.url.pathname).to.equal('/identity/resources/groups/v1/g%2F1');
    expect(sent[0]!.body).to.deep.equal({ name: 'New', color: '#000000' });
  });

  it('[GROUPS-014] a failed groups fetch yields an empty roles relation, even when the roles answered', async () => {
    const failed = await loadGroupsPageData(
      { getGroups: () => Promise.reject(new ApiError('Groups are down', 500)) },
      { getRoles: () => Promise.resolve([editor]) },
    );
    expect(failed.ok).to.equal(false);
    expect(failed.roles).to.deep.equal([]);
    expect(failed.groups).to.deep.equal([]);
    expect(!failed.ok && (failed.error as Error).message).to.equal('Groups are down');

    const loaded = await loadGroupsPageData(
      { getGroups: () => Promise.resolve([one]) },
      { getRoles: () => Promise.resolve([editor]) },
    );
    expect(loaded).to.deep.equal({ ok: true, groups: [one], roles: [editor] });
  });
});
