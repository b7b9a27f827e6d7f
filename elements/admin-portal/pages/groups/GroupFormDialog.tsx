import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../../shared/api/errors';
import type { Group, GroupInput } from '../../../../shared/api/groups';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Dialog, DialogActions } from '../../../../shared/ui';
import { FormTextField, fieldRules, useZodForm } from '../../../../shared/ui/form';

export const DEFAULT_GROUP_COLOR = '#5B8DEF';
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

const schema = z.object({
  name: fieldRules.requiredText(100),
  color: z.string().trim().regex(HEX_COLOR, { error: 'adminPortal.groups.invalidColor' }),
  description: fieldRules.optionalText(1000),
});

export interface GroupFormDialogProps {
  /** The group to edit; none to create one. */
  group: Group | null;
  onClose: () => void;
  /** Sends the group; throws on failure (the dialog shows the error and stays open). */
  onSubmit: (input: GroupInput) => Promise<void>;
}

/** Create or edit a group: name, colour (picker and `#RRGGBB` text), description. Rendered only while open. */
export function GroupFormDialog({ group, onClose, onSubmit }: GroupFormDialogProps) {
  const { t } = useT();
  const form = useZodForm(schema, {
    name: group?.name ?? '',
    color: group?.color && HEX_COLOR.test(group.color) ? group.color : DEFAULT_GROUP_COLOR,
    description: group?.description ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const color = form.watch('color');
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit({
        name: values.name,
        color: values.color.toUpperCase(),
        description: values.description,
      });
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
    }
  });
  return (
    <Dialog
      open
      title={
        group ? t('adminPortal.groups.editTitle', { name: group.name }) : t('adminPortal.groups.createTitle')
      }
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} data-form="group">
        <div css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormTextField
            form={form}
            name="name"
            label={t('adminPortal.groups.nameLabel')}
            autoComplete="off"
          />
          <div css={{ display: 'flex', alignItems: 'flex-end', gap: 'var(--fe-spacing)' }}>
            <input
              type="color"
              data-color-picker
              aria-label={t('adminPortal.groups.colorPicker')}
              value={HEX_COLOR.test(color ?? '') ? color.toLowerCase() : '#000000'}
              onChange={(e) =>
                form.setValue('color', e.currentTarget.value.toUpperCase(), {
                  shouldDirty: true,
                  shouldValidate: form.formState.isSubmitted,
                })
              }
              css={{
                width: 44,
                height: 40,
                padding: 2,
                flex: 'none',
                border: '1px solid var(--fe-color-border)',
                borderRadius: 'var(--fe-radius)',
                background: 'var(--fe-color-background)',
                cursor: 'pointer',
                // Aligned with the text input when the field shows no error below it.
                marginBottom: form.formState.errors.color ? 24 : 0,
              }}
            />
            <div css={{ flex: 1 }}>
              <FormTextField
                form={form}
                name="color"
                label={t('adminPortal.groups.colorLabel')}
                autoComplete="off"
                spellCheck={false}
                maxLength={7}
                placeholder={DEFAULT_GROUP_COLOR}
              />
            </div>
          </div>
          <FormTextField form={form} name="description" label={t('adminPortal.groups.descriptionLabel')} />
        </div>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('adminPortal.form.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy
              ? t('adminPortal.form.saving')
              : group
                ? t('adminPortal.form.save')
                : t('adminPortal.form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
