import { useState } from 'react';
import { z } from 'zod';
import { hierarchyApi } from '../../../../shared/api/hierarchy';
import type { AvailableRole } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { Alert } from '../../../../shared/ui';
import { FormTextField, fieldRules, useZodForm } from '../../../../shared/ui/form';
import { DialogForm, useDialogSubmit } from '../../kit/DialogForm';
import { RoleChecklist } from '../users/RoleChecklist';

const schema = z.object({
  email: fieldRules.email(),
  name: fieldRules.optionalText(200),
});

/**
 * "Add user": invites a user into the account with the roles ticked (sub-tenants users v2, sent with the
 * parent's token, `tenantId` the account). A refusal stays in the dialog with what was typed and ticked.
 */
export function AddAccountUserDialog({
  tenantId,
  roles,
  rolesError,
  onClose,
  onAdded,
}: {
  tenantId: string;
  roles: readonly AvailableRole[];
  rolesError: string | null;
  onClose: () => void;
  onAdded: (email: string) => void;
}) {
  const { t } = useT();
  const form = useZodForm(schema, { email: '', name: '' });
  // Untouched, the default roles are ticked (also when the roles arrive after the dialog opened).
  const [chosen, setChosen] = useState<string[] | null>(null);
  const roleIds = chosen ?? roles.filter((r) => r.isDefault).map((r) => r.id);
  const { onSubmit, error, busy } = useDialogSubmit(form, async ({ email, name }) => {
    await hierarchyApi.addUsersToSubTenant({
      users: [{ email, ...(name ? { name } : {}) }],
      tenantId,
      roleIds,
    });
    onAdded(email);
  });
  return (
    <DialogForm
      name="add-account-user"
      title={t('adminPortal.allAccounts.details.addTitle')}
      width={520}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      submitLabel={t('adminPortal.allAccounts.details.add')}
      busy={busy}
      busyLabel={t('adminPortal.allAccounts.details.adding')}
      error={error}
    >
      <FormTextField
        form={form}
        name="email"
        type="email"
        autoComplete="off"
        label={t('adminPortal.allAccounts.details.emailLabel')}
      />
      <FormTextField
        form={form}
        name="name"
        autoComplete="off"
        label={t('adminPortal.allAccounts.details.nameLabel')}
      />
      {rolesError ? (
        <Alert severity="warning">{t('adminPortal.users.rolesUnavailable', { error: rolesError })}</Alert>
      ) : (
        <RoleChecklist roles={roles} selected={roleIds} onChange={setChosen} disabled={busy} />
      )}
    </DialogForm>
  );
}
