import { z } from 'zod';
import { hierarchyApi } from '../../../../shared/api/hierarchy';
import { useT } from '../../../../shared/i18n/useT';
import { FormTextField, fieldRules, useZodForm } from '../../../../shared/ui/form';
import { DialogForm, useDialogSubmit } from '../../kit/DialogForm';

const schema = z.object({ name: fieldRules.requiredText(100) });

/**
 * "Rename account": the sub-account's new name, sent with the parent's token (sub-tenants v1 PUT). A refusal
 * stays in the dialog with the typed name.
 */
export function RenameAccountDialog({
  tenantId,
  name,
  onClose,
  onRenamed,
}: {
  tenantId: string;
  name: string;
  onClose: () => void;
  onRenamed: (name: string) => void;
}) {
  const { t } = useT();
  const form = useZodForm(schema, { name });
  const { onSubmit, error, busy } = useDialogSubmit(form, async (values) => {
    const answer = await hierarchyApi.updateSubTenant(tenantId, { name: values.name });
    onRenamed(typeof answer?.name === 'string' && answer.name ? answer.name : values.name);
  });
  return (
    <DialogForm
      name="rename-account"
      title={t('adminPortal.allAccounts.details.renameTitle')}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      submitLabel={t('adminPortal.form.save')}
      busy={busy}
      error={error}
    >
      <FormTextField
        form={form}
        name="name"
        autoComplete="off"
        maxLength={100}
        label={t('adminPortal.allAccounts.details.nameLabel')}
      />
    </DialogForm>
  );
}
