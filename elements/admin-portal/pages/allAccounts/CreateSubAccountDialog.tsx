import { z } from 'zod';
import { useT } from '../../../../shared/i18n/useT';
import { FormTextField, fieldRules, useZodForm } from '../../../../shared/ui/form';
import { DialogForm, useDialogSubmit } from '../../kit/DialogForm';

const schema = z.object({ name: fieldRules.requiredText(100) });

export interface CreateSubAccountDialogProps {
  /** The account the new one goes under. */
  parentName: string;
  onClose: () => void;
  /** Creates the account; throws on failure (the dialog stays open with the error and the typed name). */
  onCreate: (name: string) => Promise<void>;
}

/** "Create sub-account": its name; it goes under the selected account. Rendered only while open. */
export function CreateSubAccountDialog({ parentName, onClose, onCreate }: CreateSubAccountDialogProps) {
  const { t } = useT();
  const form = useZodForm(schema, { name: '' });
  const submit = useDialogSubmit(form, (values) => onCreate(values.name));
  return (
    <DialogForm
      title={t('adminPortal.allAccounts.create.title')}
      name="create-sub-account"
      onClose={onClose}
      submitLabel={t('adminPortal.allAccounts.create.submit')}
      busyLabel={t('adminPortal.allAccounts.create.busy')}
      {...submit}
    >
      <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
        {t('adminPortal.allAccounts.create.under', { name: parentName })}
      </p>
      <FormTextField
        form={form}
        name="name"
        label={t('adminPortal.allAccounts.create.name')}
        autoComplete="off"
        maxLength={100}
      />
    </DialogForm>
  );
}
