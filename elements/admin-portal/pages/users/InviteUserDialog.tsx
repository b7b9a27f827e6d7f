import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../../shared/api/errors';
import { teamApi, type AvailableRole, type TeamUser } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { Alert } from '../../../../shared/ui';
import { DialogForm } from '../../kit/DialogForm';
import { Checkbox, FormTextField, fieldRules, useZodForm } from '../../../../shared/ui/form';
import { ExpirySelect } from './ExpirySelect';
import { RoleChecklist } from './RoleChecklist';
import { DAY_SECONDS } from './usersQuery';
import { space } from '../../../../themes/tokens';

const schema = z.object({
  email: fieldRules.email(),
  name: fieldRules.requiredText(200),
  // TEAM-002: the phone number is optional.
  phoneNumber: fieldRules.optionalPhone(),
});

export interface InviteOutcome {
  user: TeamUser;
  /** Set when the user was invited but its expiry could not be set. */
  expiryError?: string;
}

/**
 * Invites one user (TEAM-002): email, name, an optional phone number and roles (the default roles ticked);
 * with temporary users on, the user can be invited for a limited time (TEAM-019).
 */
export function InviteUserDialog({
  roles,
  rolesError,
  temporaryUsers,
  onClose,
  onInvited,
}: {
  roles: readonly AvailableRole[];
  rolesError: string | null;
  temporaryUsers: boolean;
  onClose: () => void;
  onInvited: (outcome: InviteOutcome) => void;
}) {
  const { t } = useT();
  const form = useZodForm(schema, { email: '', name: '', phoneNumber: '' });
  // Untouched, the default roles are ticked (also when the roles arrive after the dialog opened).
  const [chosenRoles, setRoleIds] = useState<string[] | null>(null);
  const roleIds = chosenRoles ?? roles.filter((r) => r.isDefault).map((r) => r.id);
  const [temporary, setTemporary] = useState(false);
  const [days, setDays] = useState(30);
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ email, name, phoneNumber }) => {
    setError(null);
    let user: TeamUser;
    try {
      user = await teamApi.addUser({
        email,
        name,
        ...(phoneNumber ? { phoneNumber } : {}),
        roleIds,
      });
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
      return;
    }
    if (!temporary) return onInvited({ user });
    try {
      onInvited({ user: await teamApi.setUserExpiration(user.id, days * DAY_SECONDS) });
    } catch (err) {
      onInvited({ user, expiryError: errorMessage(err, t('common.genericError')) });
    }
  });

  return (
    <DialogForm
      title={t('adminPortal.users.inviteTitle')}
      width={520}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('adminPortal.users.sendInvite')}
      busy={busy}
      busyLabel={t('adminPortal.users.inviting')}
      error={error}
    >
      <FormTextField
        form={form}
        name="email"
        type="email"
        autoComplete="off"
        label={t('adminPortal.users.emailLabel')}
      />
      <FormTextField form={form} name="name" autoComplete="off" label={t('adminPortal.users.nameLabel')} />
      <FormTextField
        form={form}
        name="phoneNumber"
        type="tel"
        autoComplete="off"
        label={t('adminPortal.users.phoneLabel')}
      />
      {rolesError ? (
        <Alert severity="warning">{t('adminPortal.users.rolesUnavailable', { error: rolesError })}</Alert>
      ) : (
        <RoleChecklist roles={roles} selected={roleIds} onChange={setRoleIds} disabled={busy} />
      )}
      {temporaryUsers && (
        <div css={{ display: 'grid', gap: space.md }}>
          <Checkbox
            label={t('adminPortal.users.temporaryLabel')}
            data-temporary
            checked={temporary}
            disabled={busy}
            onChange={(event) => setTemporary(event.currentTarget.checked)}
          />
          {temporary && (
            <ExpirySelect
              label={t('adminPortal.users.accessExpiresIn')}
              days={days}
              onChange={setDays}
              disabled={busy}
            />
          )}
        </div>
      )}
    </DialogForm>
  );
}
