import { z } from 'zod';
import type { Role, RoleInput } from '../../../../shared/api/roles';
import { useT } from '../../../../shared/i18n/useT';
import { FormTextField, fieldRules, useZodForm } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';
import { DialogForm, useDialogSubmit } from '../../kit/DialogForm';

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
  const submit = useDialogSubmit(form, async (values) => {
    const input: RoleInput = { name: values.name, description: values.description };
    if (values.key) input.key = values.key;
    await onSubmit(input);
  });
  return (
    <DialogForm
      title={
        role ? t('adminPortal.roles.editTitle', { name: role.name }) : t('adminPortal.roles.createTitle')
      }
      name="role"
      onClose={onClose}
      submitLabel={role ? t('adminPortal.form.save') : t('adminPortal.form.create')}
      {...submit}
    >
      <FormTextField form={form} name="name" label={t('adminPortal.roles.nameLabel')} autoComplete="off" />
      <div>
        <FormTextField
          form={form}
          name="key"
          label={t('adminPortal.roles.keyLabel')}
          autoComplete="off"
          spellCheck={false}
        />
        <p css={{ margin: `${space.xs} 0 0`, fontSize: '0.85em', color: 'var(--fe-color-text-secondary)' }}>
          {t('adminPortal.roles.keyHint')}
        </p>
      </div>
      <FormTextField form={form} name="description" label={t('adminPortal.roles.descriptionLabel')} />
    </DialogForm>
  );
}
