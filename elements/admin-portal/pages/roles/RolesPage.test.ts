import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { buildRole } from '../../../../shared/api/preview/sampleData';
import { axeViolations, shadowText, waitUntil } from '../../../../shared/element/testing';
import { permissionCatalog } from '../../../../shared/fixtures/roles';
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
} from './portalTestKit';

const WRITER = ['fe.secure.read.roles', 'fe.secure.write.roles', 'fe.secure.delete.roles'];
const READER = ['fe.secure.read.roles'];

let transport: RecordingTransport;

before(startPortalForTests);
beforeEach(() => {
  transport = freshTransport();
  // A role of the tenant itself (the sample roles are all built in).
  transport.preview.state.roles.push(
    buildRole({
      id: 'role-billing',
      key: 'billing',
      name: 'Billing',
      description: 'Pays the invoices',
      tenantId: 'tenant-acme',
      permissions: ['perm-subscriptions-read-billing'],
    }),
  );
});
afterEach(resetPortal);

const rolesLoaded = (el: HTMLElement) => waitUntil(() => rowOf(el, 'Billing'), 'the roles did not load');
const checkbox = (root: ParentNode, key: string) =>
  root.querySelector<HTMLInputElement>(`input[data-permission="${key}"]`);
const selectAll = (root: ParentNode, categoryId: string) =>
  root.querySelector<HTMLInputElement>(`input[data-select-all="${categoryId}"]`);

describe('roles page', () => {
  it('[ROLES-005] lists the sample roles ReadOnly, Admin, Support, Editor and Viewer', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    const names = rowNames(el);
    for (const name of ['ReadOnly', 'Admin', 'Support', 'Editor', 'Viewer']) {
      expect(
        names.some((n) => n.startsWith(name)),
        name,
      ).to.equal(true);
    }
    expect(transport.callsOf(paths.roles.getRoles)).to.have.length(1);
  });

  it('[ROLES-001] a row shows the role name, key, description and number of permissions', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    const admin = transport.preview.state.roles.find((r) => r.id === 'role-admin')!;
    const cells = [...rowOf(el, 'Admin')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells[0]).to.contain('Admin');
    expect(cells[1]).to.equal(admin.key);
    expect(cells[2]).to.equal(admin.description);
    expect(cells[3]).to.equal(`${admin.permissions.length} permissions`);
    expect(rowOf(el, 'Billing')!.textContent).to.contain('1 permission');
  });

  it('[ROLES-004] built-in roles are marked, the default one too, and have no edit or delete buttons', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    const readOnly = rowOf(el, 'ReadOnly')!;
    expect(readOnly.textContent).to.contain('Built-in').and.to.contain('Default');
    for (const name of ['ReadOnly', 'Admin', 'Support', 'Editor', 'Viewer']) {
      const row = rowOf(el, name)!;
      expect(present(row.querySelector('[data-action="edit"]')), name).to.equal(false);
      expect(present(row.querySelector('[data-action="delete"]')), name).to.equal(false);
      expect(present(row.querySelector('[data-action="permissions"]')), name).to.equal(true);
    }
    const billing = rowOf(el, 'Billing')!;
    expect(billing.textContent).not.to.contain('Built-in');
    expect(present(billing.querySelector('[data-action="edit"]'))).to.equal(true);
    expect(present(billing.querySelector('[data-action="delete"]'))).to.equal(true);
  });

  it('[ROLES-001] creates a role with name, key and description', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    clickButton(el.shadowRoot!, 'Create role');
    const dialog = await waitForDialog(el, 'Create a role');
    // Nothing is sent while the name is missing.
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.textContent?.includes('This field is required'));
    expect(transport.callsOf(paths.roles.addRole)).to.have.length(0);
    fill(dialog, 'Name', 'Auditor');
    fill(dialog, 'Key', 'auditor');
    fill(dialog, 'Description', 'Reads the audit log');
    clickButton(dialog, 'Create');
    await waitUntil(() => rowOf(el, 'Auditor'), 'the new role is not listed');
    expect(transport.callsOf(paths.roles.addRole).map((c) => c.body)).to.deep.equal([
      { name: 'Auditor', key: 'auditor', description: 'Reads the audit log' },
    ]);
    expect(present(openDialog(el))).to.equal(false);
    await waitUntil(() => shadowText(el).includes('Role Auditor created.'), 'no toast');
    const row = rowOf(el, 'Auditor')!;
    expect(row.textContent).to.contain('No permissions');
    expect(present(row.querySelector('[data-action="edit"]'))).to.equal(true);
  });

  it('edits a tenant role with PATCH roles/{roleId}', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    clickButton(rowOf(el, 'Billing')!, 'Edit Billing');
    const dialog = await waitForDialog(el, 'Edit role Billing');
    expect(dialog.querySelector<HTMLInputElement>('input')!.value).to.equal('Billing');
    fill(dialog, 'Name', 'Billing admins');
    clickButton(dialog, 'Save');
    await waitUntil(() => rowOf(el, 'Billing admins'), 'the row was not updated');
    const [call] = transport.callsOf(paths.roles.updateRole);
    expect(call!.path).to.equal('/identity/resources/roles/v1/role-billing');
    expect(call!.body).to.deep.equal({
      name: 'Billing admins',
      key: 'billing',
      description: 'Pays the invoices',
    });
  });

  it('deletes a tenant role after confirmation with DELETE roles/{roleId}', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    clickButton(rowOf(el, 'Billing')!, 'Delete Billing');
    const dialog = await waitForDialog(el, 'Delete role');
    expect(dialog.textContent).to.contain('Delete the role Billing?');
    expect(transport.callsOf(paths.roles.deleteRole)).to.have.length(0);
    dialog.querySelector<HTMLButtonElement>('[data-confirm]')!.click();
    await waitUntil(() => rowOf(el, 'Billing') === null, 'the row is still there');
    expect(transport.callsOf(paths.roles.deleteRole).map((c) => c.path)).to.deep.equal([
      '/identity/resources/roles/v1/role-billing',
    ]);
    expect(transport.preview.state.roles.some((r) => r.id === 'role-billing')).to.equal(false);
  });

  it('[API-018] [API-019] a failed delete reports its error on the page and clears the loader', async () => {
    transport.fail(paths.roles.deleteRole, 409, 'The role is in use');
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    clickButton(rowOf(el, 'Billing')!, 'Delete Billing');
    const dialog = await waitForDialog(el, 'Delete role');
    dialog.querySelector<HTMLButtonElement>('[data-confirm]')!.click();
    await waitUntil(() => shadowText(el).includes('The role is in use'), 'the error is not shown');
    expect(rowOf(el, 'Billing'), 'the row stays').not.to.equal(null);
    clickButton(rowOf(el, 'Billing')!, 'Delete Billing');
    const again = await waitForDialog(el, 'Delete role');
    expect(again.querySelector<HTMLButtonElement>('[data-confirm]')!.disabled, 'loader cleared').to.equal(
      false,
    );
    transport.heal();
    again.querySelector<HTMLButtonElement>('[data-confirm]')!.click();
    await waitUntil(() => rowOf(el, 'Billing') === null, 'the row is still there');
    expect(shadowText(el)).not.to.contain('The role is in use');
  });

  it('[ROLES-002] [ROLES-003] the permission editor groups permissions by category, each with its key', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    clickButton(rowOf(el, 'Billing')!, 'Permissions of Billing');
    const dialog = await waitForDialog(el, 'Permissions of Billing');
    await waitUntil(() => dialog.querySelector('fieldset'), 'the categories did not load');
    const { permissionCategories, permissions } = transport.preview.state;
    const legends = [...dialog.querySelectorAll('fieldset legend')].map((l) => l.textContent);
    expect(legends).to.deep.equal(permissionCategories.map((c) => c.name));
    for (const category of permissionCategories) {
      const inCategory = [
        ...dialog.querySelectorAll(`fieldset[data-category="${category.id}"] input[data-permission]`),
      ].map((i) => i.getAttribute('data-permission'));
      expect(inCategory, category.name).to.deep.equal(
        permissions.filter((p) => p.categoryId === category.id).map((p) => p.key),
      );
    }
    const billing = checkbox(dialog, 'fe.subscriptions.read.billing')!;
    expect(billing.checked).to.equal(true);
    expect(billing.closest('label')!.textContent).to.contain('fe.subscriptions.read.billing');
    expect(checkbox(dialog, 'fe.secure.read.audits')!.checked).to.equal(false);
    expect(transport.callsOf(paths.roles.getPermissionCategories)).to.have.length(1);
    expect(transport.callsOf(paths.roles.getPermissions)).to.have.length(1);
  });

  it('[ROLES-002] a permission named by its key (as the reference server names them) shows the key once', async () => {
    const billing = transport.preview.state.permissions.find(
      (p) => p.key === 'fe.subscriptions.read.billing',
    )!;
    billing.name = billing.key;
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    clickButton(rowOf(el, 'Billing')!, 'Permissions of Billing');
    const dialog = await waitForDialog(el, 'Permissions of Billing');
    await waitUntil(() => checkbox(dialog, billing.key), 'the permissions did not load');
    const label = checkbox(dialog, billing.key)!.closest('label')!.textContent!;
    expect(label.split(billing.key)).to.have.length(2);
  });

  it('[ROLES-003] "select all" of a category checks all its permissions and is mixed when some are', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    clickButton(rowOf(el, 'Billing')!, 'Permissions of Billing');
    const dialog = await waitForDialog(el, 'Permissions of Billing');
    await waitUntil(() => selectAll(dialog, 'cat-subscriptions'));
    const all = selectAll(dialog, 'cat-subscriptions')!;
    expect(all.indeterminate).to.equal(true);
    expect(all.getAttribute('aria-label')).to.equal('Select all in Subscriptions');
    all.click();
    await waitUntil(() => checkbox(dialog, 'fe.usage.read')!.checked);
    expect(all.checked && !all.indeterminate).to.equal(true);
    all.click();
    await waitUntil(() => !checkbox(dialog, 'fe.subscriptions.read.billing')!.checked);
    expect(all.indeterminate).to.equal(false);
  });

  it('saves the chosen permissions with PUT roles/{roleId}/permissions', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    clickButton(rowOf(el, 'Billing')!, 'Permissions of Billing');
    const dialog = await waitForDialog(el, 'Permissions of Billing');
    await waitUntil(() => selectAll(dialog, 'cat-security'));
    const save = dialog.querySelector<HTMLButtonElement>('[data-save-permissions]')!;
    expect(save.disabled, 'nothing changed yet').to.equal(true);
    selectAll(dialog, 'cat-security')!.click();
    checkbox(dialog, 'fe.subscriptions.read.billing')!.click();
    await waitUntil(() => !save.disabled);
    const total = permissionCatalog.flatMap((c) => c.keys).length;
    // Billing's one permission unchecked, the Security category's all checked.
    const chosen = permissionCatalog.find((c) => c.category.id === 'cat-security')!.keys.length;
    expect(dialog.textContent).to.contain(`${chosen} of ${total} selected`);
    save.click();
    await waitUntil(() => openDialog(el) === null, 'the editor did not close');
    const security = transport.preview.state.permissions.filter((p) => p.categoryId === 'cat-security');
    const [call] = transport.callsOf(paths.roles.attachPermissionsToRole);
    expect(call!.method).to.equal('PUT');
    expect(call!.path).to.equal('/identity/resources/roles/v1/role-billing/permissions');
    expect(call!.body).to.deep.equal({ permissionIds: security.map((p) => p.id) });
    await waitUntil(() => rowOf(el, 'Billing')!.textContent?.includes(`${chosen} permissions`));
    await waitUntil(() => shadowText(el).includes('Permissions of Billing saved.'), 'no toast');
  });

  it('a built-in role shows its permissions read-only even to a writer', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    clickButton(rowOf(el, 'Viewer')!, 'Permissions of Viewer');
    const dialog = await waitForDialog(el, 'Permissions of Viewer');
    await waitUntil(() => dialog.querySelector('[data-permission]'));
    expect(dialog.querySelectorAll('input[type="checkbox"]').length).to.equal(0);
    expect(present(dialog.querySelector('[data-save-permissions]'))).to.equal(false);
    const keys = [...dialog.querySelectorAll('li[data-permission]')].map((li) =>
      li.getAttribute('data-permission'),
    );
    expect(keys.sort()).to.deep.equal(
      [
        'fe.secure.read.users',
        'fe.secure.read.roles',
        'fe.secure.read.groups',
        'fe.secure.read.accountSettings',
      ].sort(),
    );
  });

  it('[ROLES-006] a user with fe.secure.read.* sees roles and permissions read-only, no write controls', async () => {
    const el = await openPage('roles', ['fe.secure.read.*']);
    await rolesLoaded(el);
    expect(shadowText(el)).to.contain('You can view roles but not change them.');
    expect(present(button(el.shadowRoot!, 'Create role'))).to.equal(false);
    expect(present(el.shadowRoot!.querySelector('[data-action="edit"], [data-action="delete"]'))).to.equal(
      false,
    );
    clickButton(rowOf(el, 'Billing')!, 'Permissions of Billing');
    const dialog = await waitForDialog(el, 'Permissions of Billing');
    await waitUntil(() => dialog.querySelector('li[data-permission="fe.subscriptions.read.billing"]'));
    expect(dialog.querySelectorAll('input').length).to.equal(0);
    expect(present(dialog.querySelector('[data-save-permissions]'))).to.equal(false);
  });

  it('[ROLES-006] the wildcard fe.secure.* grants the write controls', async () => {
    const el = await openPage('roles', ['fe.secure.*']);
    await rolesLoaded(el);
    expect(present(button(el.shadowRoot!, 'Create role'))).to.equal(true);
    expect(present(rowOf(el, 'Billing')!.querySelector('[data-action="delete"]'))).to.equal(true);
  });

  it('write without delete: edit but no delete button', async () => {
    const el = await openPage('roles', ['fe.secure.read.roles', 'fe.secure.write.roles']);
    await rolesLoaded(el);
    expect(present(rowOf(el, 'Billing')!.querySelector('[data-action="edit"]'))).to.equal(true);
    expect(present(rowOf(el, 'Billing')!.querySelector('[data-action="delete"]'))).to.equal(false);
  });

  it('a failed roles load shows the error with a retry that works', async () => {
    transport.fail(paths.roles.getRoles, 500, 'Roles are down');
    const el = await openPage('roles', WRITER);
    await waitUntil(() => shadowText(el).includes('This could not be loaded: Roles are down'));
    expect(present(el.shadowRoot!.querySelector('tr[data-row]'))).to.equal(false);
    transport.heal();
    clickButton(el.shadowRoot!, 'Try again');
    await rolesLoaded(el);
  });

  it('a refused write shows the server message and the page stays usable', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    transport.fail(paths.roles.addRole, 409, 'A role with key billing already exists');
    clickButton(el.shadowRoot!, 'Create role');
    const dialog = await waitForDialog(el, 'Create a role');
    fill(dialog, 'Name', 'Billing');
    fill(dialog, 'Key', 'billing');
    clickButton(dialog, 'Create');
    await waitUntil(
      () => dialog.querySelector('[role="alert"]')?.textContent === 'A role with key billing already exists',
    );
    expect(openDialog(el) === dialog, 'the dialog stays open').to.equal(true);
    clickButton(dialog, 'Cancel');
    await waitUntil(() => openDialog(el) === null);

    transport.fail(paths.roles.attachPermissionsToRole, 403, 'You cannot grant permissions you do not hold');
    clickButton(rowOf(el, 'Billing')!, 'Permissions of Billing');
    const editor = await waitForDialog(el, 'Permissions of Billing');
    await waitUntil(() => checkbox(editor, 'fe.usage.read'));
    checkbox(editor, 'fe.usage.read')!.click();
    await waitUntil(() => !editor.querySelector<HTMLButtonElement>('[data-save-permissions]')!.disabled);
    editor.querySelector<HTMLButtonElement>('[data-save-permissions]')!.click();
    await waitUntil(() => editor.textContent?.includes('You cannot grant permissions you do not hold'));
    expect(checkbox(editor, 'fe.usage.read')!.checked, 'the choice is kept').to.equal(true);
    clickButton(editor, 'Cancel');

    transport.fail(paths.roles.deleteRole, 403, 'Forbidden here');
    clickButton(rowOf(el, 'Billing')!, 'Delete Billing');
    const confirm = await waitForDialog(el, 'Delete role');
    confirm.querySelector<HTMLButtonElement>('[data-confirm]')!.click();
    await waitUntil(() => shadowText(el).includes('Forbidden here'));
    // The row stays (the virtualized table may re-render its rows as the notice moves it down).
    await waitUntil(() => present(rowOf(el, 'Billing')), 'the refused delete removed the row');
    expect(present(openDialog(el))).to.equal(false);
  });

  it('passes axe-core with the page, the create dialog and the permission editor open, light and dark', async () => {
    const el = await openPage('roles', WRITER);
    await rolesLoaded(el);
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(el.shadowRoot!, 'Create role');
    const form = await waitForDialog(el, 'Create a role');
    clickButton(form, 'Create');
    await waitUntil(() => form.textContent?.includes('This field is required'));
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(form, 'Cancel');
    await waitUntil(() => openDialog(el) === null);
    el.setAttribute('theme-mode', 'dark');
    clickButton(rowOf(el, 'Billing')!, 'Permissions of Billing');
    const editor = await waitForDialog(el, 'Permissions of Billing');
    await waitUntil(() => editor.querySelector('fieldset'));
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[ROLES-005] in preview mode the sample roles are listed', async () => {
    const el = await openPreviewPage('roles', READER);
    await waitUntil(() => rowOf(el, 'Editor'), 'the sample roles did not load', { timeout: 4000 });
    expect(rowNames(el)).to.have.length(5);
  });
});
