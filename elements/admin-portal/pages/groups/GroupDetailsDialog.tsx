import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { groupsApi, type Group, type TenantUser } from '../../../../shared/api/groups';
import type { Role } from '../../../../shared/api/roles';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Dialog, SkeletonBlock, Tabs } from '../../../../shared/ui';
import { Select } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';

type Tab = 'members' | 'roles';
type Notice = { severity: 'success' | 'error'; text: string } | null;

export interface GroupDetailsDialogProps {
  group: Group;
  /** The roles a group can be given (the page's roles relation). */
  roles: readonly Role[];
  /** Add and remove controls; otherwise members and roles are listed read-only. */
  editable: boolean;
  onClose: () => void;
  /** The group as the server answered it after a change (or a fresh read). */
  onChange: (group: Group) => void;
}

/**
 * Members and roles of one group (GROUPS-002): read fresh with GET groups/{groupId} (GROUPS-004); writers add
 * users from the tenant's users v3 (GROUPS-012) and remove them (GROUPS-013), add roles (GROUPS-010) and remove
 * them (GROUPS-011). Rendered only while open.
 */
export function GroupDetailsDialog({
  group: initial,
  roles,
  editable,
  onClose,
  onChange,
}: GroupDetailsDialogProps) {
  const { t } = useT();
  const [group, setGroup] = useState(initial);
  const [tab, setTab] = useState<Tab>('members');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [users, setUsers] = useState<TenantUser[] | null>(null);
  const [usersError, setUsersError] = useState<string | null>(null);
  const [userToAdd, setUserToAdd] = useState('');
  const [roleToAdd, setRoleToAdd] = useState('');

  const apply = (next: Group) => {
    setGroup(next);
    onChange(next);
  };

  useEffect(() => {
    let live = true;
    groupsApi.getGroupById(initial.id, { _groupsRelations: 'rolesAndUsers' }).then(
      (fresh) => live && fresh && apply({ ...initial, ...fresh }),
      (err: unknown) =>
        live && setNotice({ severity: 'error', text: errorMessage(err, t('common.genericError')) }),
    );
    if (editable) {
      groupsApi.getTenantUsers().then(
        (list) => live && setUsers(list),
        (err: unknown) => live && setUsersError(errorMessage(err, t('common.genericError'))),
      );
    }
    return () => {
      live = false;
    };
    // Read once per open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const members = group.users ?? [];
  const groupRoles = group.roles ?? [];
  const candidates = (users ?? []).filter((u) => !members.some((m) => m.id === u.id));
  const roleCandidates = roles.filter((r) => !groupRoles.some((g) => g.id === r.id));

  /** Runs one change; the answer (the group) replaces the shown one, `local` when the server sent none. */
  const change = async (call: () => Promise<Group>, local: () => Group, success: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await call();
      apply(
        answer && Array.isArray(answer.users) && Array.isArray(answer.roles)
          ? { ...group, ...answer }
          : local(),
      );
      setNotice({ severity: 'success', text: success });
      return true;
    } catch (err) {
      setNotice({ severity: 'error', text: errorMessage(err, t('common.genericError')) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const addMember = async () => {
    const user = candidates.find((u) => u.id === userToAdd);
    if (!user) return;
    const ok = await change(
      () => groupsApi.addUsersToGroup(group.id, [user.id]),
      () => ({
        ...group,
        users: [
          ...members,
          {
            id: user.id,
            email: user.email,
            name: user.name,
            profilePictureUrl: user.profilePictureUrl ?? null,
            createdAt: user.createdAt,
          },
        ],
      }),
      t('adminPortal.groups.memberAdded', { name: user.name || user.email }),
    );
    if (ok) setUserToAdd('');
  };

  const removeMember = (id: string, name: string) =>
    change(
      () => groupsApi.deleteUsersFromGroup(group.id, [id]),
      () => ({ ...group, users: members.filter((m) => m.id !== id) }),
      t('adminPortal.groups.memberRemoved', { name }),
    );

  const addRole = async () => {
    const role = roleCandidates.find((r) => r.id === roleToAdd);
    if (!role) return;
    const ok = await change(
      () => groupsApi.addRolesToGroup(group.id, [role.id]),
      () => ({ ...group, roles: [...groupRoles, role] }),
      t('adminPortal.groups.roleAdded', { name: role.name }),
    );
    if (ok) setRoleToAdd('');
  };

  const removeRole = (id: string, name: string) =>
    change(
      () => groupsApi.deleteRolesFromGroup(group.id, [id]),
      () => ({ ...group, roles: groupRoles.filter((r) => r.id !== id) }),
      t('adminPortal.groups.roleRemoved', { name }),
    );

  return (
    <Dialog
      open
      title={t('adminPortal.groups.detailsTitle', { name: group.name })}
      onClose={onClose}
      width={640}
    >
      <div css={{ display: 'grid', gap: space.xl }}>
        {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
        <Tabs
          label={t('adminPortal.groups.detailsTabs')}
          tabs={[
            { key: 'members', label: t('adminPortal.groups.membersTab', { count: members.length }) },
            { key: 'roles', label: t('adminPortal.groups.rolesTab', { count: groupRoles.length }) },
          ]}
          selected={tab}
          onSelect={setTab}
        >
          {tab === 'members' ? (
            <div css={{ display: 'grid', gap: space.xl }} data-panel="members">
              {editable &&
                (users === null && !usersError ? (
                  <SkeletonBlock label={t('adminPortal.groups.loadingUsers')} height={64} />
                ) : usersError ? (
                  <Alert severity="error">{t('adminPortal.form.loadFailed', { error: usersError })}</Alert>
                ) : candidates.length === 0 ? (
                  <p css={{ margin: 0 }}>{t('adminPortal.groups.noUsersLeft')}</p>
                ) : (
                  <AddRow
                    onAdd={addMember}
                    disabled={busy || !userToAdd}
                    addLabel={t('adminPortal.groups.addMember')}
                  >
                    <Select
                      label={t('adminPortal.groups.userToAdd')}
                      value={userToAdd}
                      onChange={(e) => setUserToAdd(e.currentTarget.value)}
                      data-pick="user"
                    >
                      <option value="">{t('adminPortal.groups.chooseUser')}</option>
                      {candidates.map((u) => (
                        <option key={u.id} value={u.id}>
                          {u.name ? `${u.name} (${u.email})` : u.email}
                        </option>
                      ))}
                    </Select>
                  </AddRow>
                ))}
              <ItemList
                label={t('adminPortal.groups.membersLabel', { name: group.name })}
                empty={t('adminPortal.groups.noMembers')}
                items={members.map((m) => ({
                  id: m.id,
                  primary: m.name || m.email,
                  secondary: m.name ? m.email : '',
                }))}
                removeLabel={(name) => t('adminPortal.groups.removeMember', { name })}
                onRemove={editable ? removeMember : undefined}
                busy={busy}
                kind="member"
              />
            </div>
          ) : (
            <div css={{ display: 'grid', gap: space.xl }} data-panel="roles">
              {editable &&
                (roleCandidates.length === 0 ? (
                  <p css={{ margin: 0 }}>{t('adminPortal.groups.noRolesLeft')}</p>
                ) : (
                  <AddRow
                    onAdd={addRole}
                    disabled={busy || !roleToAdd}
                    addLabel={t('adminPortal.groups.addRole')}
                  >
                    <Select
                      label={t('adminPortal.groups.roleToAdd')}
                      value={roleToAdd}
                      onChange={(e) => setRoleToAdd(e.currentTarget.value)}
                      data-pick="role"
                    >
                      <option value="">{t('adminPortal.groups.chooseRole')}</option>
                      {roleCandidates.map((r) => (
                        <option key={r.id} value={r.id}>
                          {r.name}
                        </option>
                      ))}
                    </Select>
                  </AddRow>
                ))}
              <ItemList
                label={t('adminPortal.groups.rolesLabel', { name: group.name })}
                empty={t('adminPortal.groups.noGroupRoles')}
                items={groupRoles.map((r) => ({ id: r.id, primary: r.name, secondary: r.key }))}
                removeLabel={(name) => t('adminPortal.groups.removeRole', { name })}
                onRemove={editable ? removeRole : undefined}
                busy={busy}
                kind="role"
              />
            </div>
          )}
        </Tabs>
        <div css={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="secondary" onClick={onClose}>
            {t('adminPortal.form.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function AddRow({
  children,
  onAdd,
  disabled,
  addLabel,
}: {
  children: ReactNode;
  onAdd: () => void;
  disabled: boolean;
  addLabel: string;
}) {
  return (
    <div css={{ display: 'flex', alignItems: 'flex-end', gap: space.md }}>
      <div css={{ flex: 1, minWidth: 0 }}>{children}</div>
      <Button onClick={onAdd} disabled={disabled}>
        {addLabel}
      </Button>
    </div>
  );
}

function ItemList(props: {
  label: string;
  empty: string;
  items: { id: string; primary: string; secondary: string }[];
  removeLabel: (name: string) => string;
  onRemove?: (id: string, name: string) => void;
  busy: boolean;
  kind: 'member' | 'role';
}) {
  const { t } = useT();
  if (props.items.length === 0)
    return <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>{props.empty}</p>;
  return (
    <ul
      aria-label={props.label}
      css={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
        maxHeight: 320,
        overflow: 'auto',
      }}
    >
      {props.items.map((item) => (
        <li
          key={item.id}
          data-item={props.kind}
          data-id={item.id}
          css={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: space.md,
            padding: `${space.md} ${space.lg}`,
            borderBottom: '1px solid var(--fe-color-border)',
            '&:last-child': { borderBottom: 'none' },
          }}
        >
          <span css={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <span css={{ fontWeight: 600 }}>{item.primary}</span>
            {item.secondary && (
              <span
                css={{
                  fontSize: '0.85em',
                  color: 'var(--fe-color-text-secondary)',
                  overflowWrap: 'anywhere',
                }}
              >
                {item.secondary}
              </span>
            )}
          </span>
          {props.onRemove && (
            <Button
              variant="text"
              disabled={props.busy}
              aria-label={props.removeLabel(item.primary)}
              onClick={() => props.onRemove!(item.id, item.primary)}
            >
              {t('adminPortal.groups.remove')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
