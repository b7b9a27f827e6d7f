import { useState } from 'react';
import type { AvailableRole, RoleLite, TeamUser } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { Alert } from '../../../../shared/ui';
import { RoleChecklist } from './RoleChecklist';
import { DialogForm } from '../../kit/DialogForm';

/** Picks a user's roles; saving closes at once, the page shows the new roles while they are sent (TEAM-003). */
export function EditRolesDialog({
  user,
  current,
  roles,
  rolesError,
  onClose,
  onSave,
}: {
  user: TeamUser;
  current: readonly RoleLite[];
  roles: readonly AvailableRole[];
  rolesError: string | null;
  onClose: () => void;
  onSave: (roleIds: string[]) => void;
}) {
  const { t } = useT();
  const [selected, setSelected] = useState(() => current.map((r) => r.id));
  const unchanged = selected.length === current.length && current.every((role) => selected.includes(role.id));
  return (
    <DialogForm
      title={t('adminPortal.users.editRolesTitle', { name: user.name || user.email })}
      onClose={onClose}
      onSubmit={() => {
        if (unchanged) onClose();
        else onSave(roles.filter((r) => selected.includes(r.id)).map((r) => r.id));
      }}
      submitLabel={t('adminPortal.form.save')}
      submitDisabled={Boolean(rolesError)}
    >
      <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>{user.email}</p>
      {rolesError ? (
        <Alert severity="error">{t('adminPortal.users.rolesUnavailable', { error: rolesError })}</Alert>
      ) : (
        <RoleChecklist roles={roles} selected={selected} onChange={setSelected} />
      )}
      {!rolesError && selected.length === 0 && current.length > 0 && (
        <Alert severity="warning">{t('adminPortal.users.noRolesWarning')}</Alert>
      )}
    </DialogForm>
  );
}
