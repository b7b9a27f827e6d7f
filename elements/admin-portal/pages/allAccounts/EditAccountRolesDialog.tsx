import { useState } from 'react';
import { hierarchyApi } from '../../../../shared/api/hierarchy';
import { runOperation } from '../../../../shared/api/operation';
import type { AvailableRole, RoleLite } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { Alert } from '../../../../shared/ui';
import { DialogForm } from '../../kit/DialogForm';
import { RoleChecklist } from '../users/RoleChecklist';

/**
 * "Edit roles": a member's roles in the account, set with the parent's token (sub-tenants users v1 PATCH
 * roles, TENANTS-020). A refusal stays in the dialog with the ticked roles.
 */
export function EditAccountRolesDialog({
  tenantId,
  user,
  current,
  roles,
  rolesError,
  onClose,
  onSaved,
}: {
  tenantId: string;
  user: { id: string; email: string };
  current: readonly RoleLite[];
  roles: readonly AvailableRole[];
  rolesError: string | null;
  onClose: () => void;
  onSaved: (roles: RoleLite[]) => void;
}) {
  const { t } = useT();
  const [selected, setSelected] = useState(() => current.map((r) => r.id));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const roleIds = roles.filter((r) => selected.includes(r.id)).map((r) => r.id);
    const result = await runOperation(
      { setLoading: setBusy, setError },
      () => hierarchyApi.setUserRolesForSubTenants(user.id, { subTenantsRoles: [{ tenantId, roleIds }] }),
      t('common.genericError'),
    );
    if (result.ok) onSaved(roles.filter((r) => roleIds.includes(r.id)));
  };
  return (
    <DialogForm
      name="edit-account-roles"
      title={t('adminPortal.allAccounts.details.editRolesTitle')}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel={t('adminPortal.form.save')}
      submitDisabled={Boolean(rolesError)}
      busy={busy}
      error={error}
    >
      <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>{user.email}</p>
      {rolesError ? (
        <Alert severity="error">{t('adminPortal.users.rolesUnavailable', { error: rolesError })}</Alert>
      ) : (
        <RoleChecklist roles={roles} selected={selected} onChange={setSelected} disabled={busy} />
      )}
    </DialogForm>
  );
}
