import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { $, axeViolations, setValue, shadowText, waitUntil } from '../../../../shared/element/testing';
import '../../index';
import {
  button,
  clickButton,
  fill,
  openDialog,
  present,
  openPage,
  openPreviewPage,
  resetPortal,
  rowNames,
  rowOf,
  startPortalForTests,
  freshTransport,
  waitForDialog,
  type RecordingTransport,
} from '../roles/portalTestKit';

const WRITER = ['fe.secure.read.groups', 'fe.secure.write.groups', 'fe.secure.delete.groups'];
const READER = ['fe.secure.read.groups'];

let transport: RecordingTransport;

before(startPortalForTests);
beforeEach(() => {
  transport = freshTransport();
});
afterEach(resetPortal);

const groupsLoaded = (el: HTMLElement) =>
  waitUntil(() => rowOf(el, 'Engineering'), 'the groups did not load');
const cellsOf = (row: HTMLTableRowElement) =>
  [...row.querySelectorAll('td')].map((td) => td.textContent ?? '');

function choose(select: HTMLSelectElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Opens "Members and roles" of a group and waits for the fresh read. */
async function openDetails(el: HTMLElement, name: string): Promise<HTMLDialogElement> {
  clickButton(rowOf(el, name)!, `Members and roles of ${name}`);
  const dialog = await waitForDialog(el, `Group ${name}`);
  await waitUntil(() => transport.callsOf(paths.groups.getGroupById).length > 0);
  return dialog;
}

const listed = (dialog: HTMLElement, kind: 'member' | 'role') =>
  [...dialog.querySelectorAll(`li[data-item="${kind}"]`)].map((li) => li.getAttribute('data-id'));

describe('groups page', () => {
  it('[GROUPS-001] [GROUPS-005] lists each group with its colour, description, members and roles', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    expect(rowNames(el).map((n) => n.trim())).to.deep.equal(['Engineering', 'Support team', 'Auditors']);
    const engineering = rowOf(el, 'Engineering')!;
    const swatch = engineering.querySelector<HTMLElement>('[role="img"]')!;
    expect(swatch.getAttribute('aria-label')).to.equal('Colour #5B8DEF');
    expect(getComputedStyle(swatch).backgroundColor).to.equal('rgb(91, 141, 239)');
    expect(cellsOf(engineering).slice(1, 4)).to.deep.equal(['Product engineers', '2 members', 'Editor']);
    const [call] = transport.callsOf(paths.groups.getGroups);
    expect(call!.query.get('_groupsRelations')).to.equal('rolesAndUsers');
  });

  it('[GROUPS-007] creates a group with POST, name, colour and description in the body', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    clickButton(el.shadowRoot!, 'Create group');
    const dialog = await waitForDialog(el, 'Create a group');
    fill(dialog, 'Name', 'Finance');
    fill(dialog, 'Colour (hex)', '#12ab34');
    fill(dialog, 'Description', 'Pays the bills');
    clickButton(dialog, 'Create');
    await waitUntil(() => rowOf(el, 'Finance'), 'the new group is not listed');
    const calls = transport.callsOf(paths.groups.createGroup);
    expect(calls.map((c) => [c.method, c.path])).to.deep.equal([['POST', '/identity/resources/groups/v1']]);
    expect(calls[0]!.body).to.deep.equal({
      name: 'Finance',
      color: '#12AB34',
      description: 'Pays the bills',
    });
    expect(rowOf(el, 'Finance')!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.equal(
      'Colour #12AB34',
    );
    await waitUntil(() => shadowText(el).includes('Group Finance created.'), 'no toast');
  });

  it('the colour is a picker and a #RRGGBB text field kept in step; other text is refused', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    clickButton(el.shadowRoot!, 'Create group');
    const dialog = await waitForDialog(el, 'Create a group');
    const picker = dialog.querySelector<HTMLInputElement>('input[type="color"]')!;
    expect(picker.getAttribute('aria-label')).to.equal('Pick a colour');
    setValue(picker, '#ff8800');
    const hex = () => [...dialog.querySelectorAll<HTMLInputElement>('input')].find((i) => i.maxLength === 7)!;
    await waitUntil(() => hex().value === '#FF8800', 'the hex field did not follow the picker');
    fill(dialog, 'Name', 'Ops');
    fill(dialog, 'Colour (hex)', 'orange');
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.textContent?.includes('Enter a colour as #RRGGBB, for example #5B8DEF'));
    fill(dialog, 'Colour (hex)', '#FFF');
    clickButton(dialog, 'Create');
    await new Promise((r) => setTimeout(r, 50));
    expect(dialog.textContent).to.contain('Enter a colour as #RRGGBB');
    expect(transport.callsOf(paths.groups.createGroup)).to.have.length(0);
    fill(dialog, 'Colour (hex)', '#00aa11');
    await waitUntil(() => picker.value === '#00aa11', 'the picker did not follow the hex field');
  });

  it('[GROUPS-008] edits a group with PATCH {groupId}, the other fields as body', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    clickButton(rowOf(el, 'Engineering')!, 'Edit Engineering');
    const dialog = await waitForDialog(el, 'Edit group Engineering');
    fill(dialog, 'Name', 'Platform engineering');
    fill(dialog, 'Description', 'Builds the platform');
    clickButton(dialog, 'Save');
    await waitUntil(() => rowOf(el, 'Platform engineering'), 'the row was not updated');
    const calls = transport.callsOf(paths.groups.updateGroup);
    expect(calls.map((c) => [c.method, c.path])).to.deep.equal([
      ['PATCH', '/identity/resources/groups/v1/group-engineering'],
    ]);
    expect(calls[0]!.body).to.deep.equal({
      name: 'Platform engineering',
      color: '#5B8DEF',
      description: 'Builds the platform',
    });
    expect(cellsOf(rowOf(el, 'Platform engineering')!)[2]).to.equal('2 members');
  });

  it('[GROUPS-009] deletes a group with DELETE {id} after confirmation', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    clickButton(rowOf(el, 'Auditors')!, 'Delete Auditors');
    const dialog = await waitForDialog(el, 'Delete group');
    expect(dialog.textContent).to.contain('Delete the group Auditors?');
    dialog.querySelector<HTMLButtonElement>('[data-confirm]')!.click();
    await waitUntil(() => rowOf(el, 'Auditors') === null, 'the row is still there');
    expect(transport.callsOf(paths.groups.deleteGroup).map((c) => [c.method, c.path])).to.deep.equal([
      ['DELETE', '/identity/resources/groups/v1/group-auditors'],
    ]);
    expect(transport.preview.state.groups.map((g) => g.id)).not.to.include('group-auditors');
  });

  it('[GROUPS-004] [GROUPS-002] "Members and roles" reads the group with GET groups/{groupId} and query options', async () => {
    const el = await openPage('groups', READER);
    await groupsLoaded(el);
    // Changed on the server after the list was read: the dialog shows the fresh group.
    transport.preview.state.groups.find((g) => g.id === 'group-engineering')!.userIds.push('user-noah');
    const dialog = await openDetails(el, 'Engineering');
    const [call] = transport.callsOf(paths.groups.getGroupById);
    expect(call!.path).to.equal('/identity/resources/groups/v1/group-engineering');
    expect(call!.query.get('_groupsRelations')).to.equal('rolesAndUsers');
    await waitUntil(() => listed(dialog, 'member').length === 3, 'the fresh members are not shown');
    expect(dialog.textContent).to.contain('Maya Cohen').and.to.contain('noah.kim@acme.example');
    clickButton(dialog, 'Roles (1)');
    await waitUntil(() => listed(dialog, 'role').length === 1);
    expect(listed(dialog, 'role')).to.deep.equal(['role-editor']);
    expect(cellsOf(rowOf(el, 'Engineering')!)[2], 'the row follows').to.equal('3 members');
  });

  it('[GROUPS-012] adds a user of the tenant with POST {id}/users', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    const dialog = await openDetails(el, 'Engineering');
    await waitUntil(() => dialog.querySelector('select[data-pick="user"]'), 'the users did not load');
    const usersCall = transport.callsOf(paths.users.getUsersV3)[0]!;
    expect(usersCall.query.get('_limit')).to.equal('200');
    const select = dialog.querySelector<HTMLSelectElement>('select[data-pick="user"]')!;
    const options = [...select.options].map((o) => o.value).filter(Boolean);
    expect(options, 'members and other tenants are not offered').not.to.include.members([
      'user-maya',
      'user-ava',
      'user-emma',
    ]);
    expect(options).to.include('user-liam');
    choose(select, 'user-liam');
    clickButton(dialog, 'Add member');
    await waitUntil(() => listed(dialog, 'member').includes('user-liam'), 'the member was not added');
    const calls = transport.callsOf(paths.groups.addUsersToGroup);
    expect(calls.map((c) => [c.method, c.path, c.body])).to.deep.equal([
      ['POST', '/identity/resources/groups/v1/group-engineering/users', { userIds: ['user-liam'] }],
    ]);
    expect(dialog.textContent).to.contain('Liam Patel added to the group.');
    await waitUntil(() => cellsOf(rowOf(el, 'Engineering')!)[2] === '3 members');
  });

  it('[GROUPS-013] removes a member with DELETE {id}/users', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    const dialog = await openDetails(el, 'Engineering');
    await waitUntil(() => button(dialog, 'Remove Maya Cohen from the group'));
    clickButton(dialog, 'Remove Maya Cohen from the group');
    await waitUntil(() => !listed(dialog, 'member').includes('user-maya'), 'the member is still listed');
    const calls = transport.callsOf(paths.groups.deleteUsersFromGroup);
    expect(calls.map((c) => [c.method, c.path, c.body])).to.deep.equal([
      ['DELETE', '/identity/resources/groups/v1/group-engineering/users', { userIds: ['user-maya'] }],
    ]);
    expect(transport.preview.state.groups[0]!.userIds).to.deep.equal(['user-ava']);
  });

  it('[GROUPS-010] [GROUPS-011] adds a role with POST {id}/roles and removes one with DELETE {id}/roles', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    const dialog = await openDetails(el, 'Engineering');
    clickButton(dialog, 'Roles (1)');
    await waitUntil(() => dialog.querySelector('select[data-pick="role"]'));
    const select = dialog.querySelector<HTMLSelectElement>('select[data-pick="role"]')!;
    const offered = [...select.options].map((o) => o.value).filter(Boolean);
    expect(offered).to.have.members(['role-admin', 'role-readonly', 'role-support', 'role-viewer']);
    choose(select, 'role-viewer');
    clickButton(dialog, 'Add role');
    await waitUntil(() => listed(dialog, 'role').includes('role-viewer'), 'the role was not added');
    clickButton(dialog, 'Remove the role Editor from the group');
    await waitUntil(() => !listed(dialog, 'role').includes('role-editor'), 'the role is still listed');
    expect(
      transport.callsOf(paths.groups.addRolesToGroup).map((c) => [c.method, c.path, c.body]),
    ).to.deep.equal([
      ['POST', '/identity/resources/groups/v1/group-engineering/roles', { roleIds: ['role-viewer'] }],
    ]);
    expect(
      transport.callsOf(paths.groups.deleteRolesFromGroup).map((c) => [c.method, c.path, c.body]),
    ).to.deep.equal([
      ['DELETE', '/identity/resources/groups/v1/group-engineering/roles', { roleIds: ['role-editor'] }],
    ]);
    clickButton(dialog, 'Close');
    await waitUntil(() => openDialog(el) === null);
    expect(cellsOf(rowOf(el, 'Engineering')!)[3]).to.equal('Viewer');
  });

  it('[GROUPS-003] [SCREEN-060] reads the group configuration and writes it with POST group configurations', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    await waitUntil(() => $(el, 'input[data-setting="rolesEnabled"]'), 'the settings did not load');
    expect(transport.callsOf(paths.groups.getGroupConfiguration)).to.have.length(1);
    const rolesEnabled = $<HTMLInputElement>(el, 'input[data-setting="rolesEnabled"]')!;
    expect(rolesEnabled.checked).to.equal(true);
    expect($<HTMLInputElement>(el, 'input[data-setting="enabled"]')!.checked).to.equal(true);
    const save = $<HTMLButtonElement>(el, '[data-save-settings]')!;
    expect(save.disabled).to.equal(true);
    rolesEnabled.click();
    await waitUntil(() => !save.disabled);
    save.click();
    await waitUntil(() => shadowText(el).includes('Settings saved.'));
    const calls = transport.callsOf(paths.groups.updateGroupConfiguration);
    expect(calls.map((c) => [c.method, c.path, c.body])).to.deep.equal([
      ['POST', '/identity/resources/groups/v1/config', { enabled: true, rolesEnabled: false }],
    ]);
    expect(shadowText(el)).to.contain('Roles on groups are turned off');
    expect(transport.preview.state.groupConfiguration.rolesEnabled).to.equal(false);
  });

  it('[GROUPS-014] a failed groups fetch shows the error with a retry and no roles at all', async () => {
    transport.fail(paths.groups.getGroups, 500, 'Groups are down');
    const el = await openPage('groups', WRITER);
    await waitUntil(() => shadowText(el).includes('This could not be loaded: Groups are down'));
    await waitUntil(() => transport.callsOf(paths.roles.getRoles).length === 1);
    expect(present(el.shadowRoot!.querySelector('tr[data-row]'))).to.equal(false);
    for (const role of ['Editor', 'Viewer', 'ReadOnly']) expect(shadowText(el)).not.to.contain(role);
    transport.heal();
    clickButton(el.shadowRoot!, 'Try again');
    await groupsLoaded(el);
    expect(cellsOf(rowOf(el, 'Engineering')!)[3]).to.equal('Editor');
  });

  it('a user with fe.secure.read.groups only sees groups, members, roles and settings read-only', async () => {
    const el = await openPage('groups', READER);
    await groupsLoaded(el);
    await waitUntil(() => $(el, 'dd[data-setting="enabled"]'));
    expect(shadowText(el)).to.contain('You can view groups but not change them.');
    expect(present(button(el.shadowRoot!, 'Create group'))).to.equal(false);
    expect(present(el.shadowRoot!.querySelector('[data-action="edit"], [data-action="delete"]'))).to.equal(
      false,
    );
    expect($(el, 'dd[data-setting="enabled"]')!.textContent).to.equal('On');
    expect(present($(el, '[data-save-settings]'))).to.equal(false);
    const dialog = await openDetails(el, 'Support team');
    await waitUntil(() => listed(dialog, 'member').length === 2);
    expect(present(dialog.querySelector('select'))).to.equal(false);
    expect(present(button(dialog, 'Add member'))).to.equal(false);
    expect(dialog.textContent).not.to.contain('Remove');
    expect(transport.callsOf(paths.users.getUsersV3), 'no user list for a reader').to.have.length(0);
  });

  it('the wildcard fe.secure.* grants the write controls; write without delete has no delete', async () => {
    let el = await openPage('groups', ['fe.secure.*']);
    await groupsLoaded(el);
    expect(present(button(el.shadowRoot!, 'Create group'))).to.equal(true);
    expect(present(rowOf(el, 'Auditors')!.querySelector('[data-action="delete"]'))).to.equal(true);
    resetPortal();
    el = await openPage('groups', ['fe.secure.read.groups', 'fe.secure.write.groups']);
    await groupsLoaded(el);
    expect(present(rowOf(el, 'Auditors')!.querySelector('[data-action="edit"]'))).to.equal(true);
    expect(present(rowOf(el, 'Auditors')!.querySelector('[data-action="delete"]'))).to.equal(false);
  });

  it('a group kept by directory provisioning cannot be changed here', async () => {
    transport.preview.state.groups[2]!.managedBy = 'scim2';
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    const auditors = rowOf(el, 'Auditors')!;
    expect(auditors.textContent).to.contain('Directory');
    expect(present(auditors.querySelector('[data-action="edit"], [data-action="delete"]'))).to.equal(false);
  });

  it('refused changes show the server message and the page stays usable', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    transport.fail(
      paths.groups.addUsersToGroup,
      403,
      'the caller must hold every permission of the group roles',
    );
    const dialog = await openDetails(el, 'Engineering');
    await waitUntil(() => dialog.querySelector('select[data-pick="user"]'));
    choose(dialog.querySelector<HTMLSelectElement>('select[data-pick="user"]')!, 'user-liam');
    clickButton(dialog, 'Add member');
    await waitUntil(() =>
      dialog.textContent?.includes('the caller must hold every permission of the group roles'),
    );
    expect(listed(dialog, 'member')).to.deep.equal(['user-maya', 'user-ava']);
    clickButton(dialog, 'Remove Ava Johnson from the group');
    await waitUntil(() => !listed(dialog, 'member').includes('user-ava'), 'other changes still work');
    clickButton(dialog, 'Close');
    await waitUntil(() => openDialog(el) === null);

    transport.fail(paths.groups.updateGroup, 400, 'name must not be empty');
    clickButton(rowOf(el, 'Support team')!, 'Edit Support team');
    const form = await waitForDialog(el, 'Edit group Support team');
    clickButton(form, 'Save');
    await waitUntil(() => form.querySelector('[role="alert"]')?.textContent === 'name must not be empty');
    clickButton(form, 'Cancel');
    await waitUntil(() => openDialog(el) === null);

    transport.fail(paths.groups.deleteGroup, 500, 'Delete failed');
    clickButton(rowOf(el, 'Support team')!, 'Delete Support team');
    (await waitForDialog(el, 'Delete group')).querySelector<HTMLButtonElement>('[data-confirm]')!.click();
    await waitUntil(() => shadowText(el).includes('Delete failed'));
    expect(present(rowOf(el, 'Support team'))).to.equal(true);
    expect(button(el.shadowRoot!, 'Create group')!.disabled).to.equal(false);
  });

  it('passes axe-core with the page, the group form and the members dialog open, light and dark', async () => {
    const el = await openPage('groups', WRITER);
    await groupsLoaded(el);
    await waitUntil(() => $(el, '[data-section="group-settings"]'));
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(el.shadowRoot!, 'Create group');
    const form = await waitForDialog(el, 'Create a group');
    fill(form, 'Colour (hex)', 'nope');
    clickButton(form, 'Create');
    await waitUntil(() => form.textContent?.includes('This field is required'));
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(form, 'Cancel');
    await waitUntil(() => openDialog(el) === null);
    el.setAttribute('theme-mode', 'dark');
    const dialog = await openDetails(el, 'Engineering');
    await waitUntil(() => dialog.querySelector('select[data-pick="user"]'));
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[GROUPS-001] in preview mode the sample groups are listed', async () => {
    const el = await openPreviewPage('groups', READER);
    await waitUntil(() => rowOf(el, 'Auditors'), 'the sample groups did not load', { timeout: 4000 });
    expect(cellsOf(rowOf(el, 'Support team')!)[3]).to.equal('Support');
  });
});
