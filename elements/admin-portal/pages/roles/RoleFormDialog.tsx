import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../../shared/api/errors';
import type { Role, RoleInput } from '../../../../shared/api/roles';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Dialog, DialogActions } from '../../../../shared/ui';
import { FormTextField, fieldRules, useZodForm } from '../../../../shared/ui/form';

const schema = z.object({
  name: fieldRules.requiredText(100),
  key: fieldRules.optionalText(100),
  description: fieldRules.optionalText(1000),
});

export interface RoleFormDialogProps {
  /** The role to edit; none to create one. */
  role: Role | null;
  onClose: () => void;
  /** Sends the role; throws on failure (the dialog shows the error and stays open). */
  onSubmit: (input: RoleInput) => Promise<void>;
}

/** Create or edit a tenant role: name, key, description. Rendered only while open. */
export function RoleFormDialog({ role, onClose, onSubmit }: RoleFormDialogProps) {
  const { t } = useT();
  const form = useZodForm(schema, {
    name: role?.name ?? '',
    key: role?.key ?? '',
    description: role?.description ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const input: RoleInput = { name: values.name, description: values.description };
    if (values.key) input.key = values.key;
    try {
      await onSubmit(input);
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
    }
  });
  return (
    <Dialog
      open
      title={
        role ? t('adminPortal.roles.editTitle', { name: role.name }) : t('adminPortal.roles.createTitle')
      }
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} data-form="role">
        <div css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormTextField
            form={form}
            name="name"
            label={t('adminPortal.roles.nameLabel')}
            autoComplete="off"
          />
          <div>
            <FormTextField
              form={form}
              name="key"
              label={t('adminPortal.roles.keyLabel')}
              autoComplete="off"
              spellCheck={false}
            />
            <p css={{ margin: '4px 0 0', fontSize: '0.85em', color: 'var(--fe-color-text-secondary)' }}>
              {t('adminPortal.roles.keyHint')}
            </p>
          </div>
          <FormTextField form={form} name="description" label={t('adminPortal.roles.descriptionLabel')} />
        </div>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('adminPortal.form.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy
              ? t('adminPortal.form.saving')
              : role
                ? t('adminPortal.form.save')
                : t('adminPortal.form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
