import { z } from 'zod';
import type { Group, GroupInput } from '../../../../shared/api/groups';
import { useT } from '../../../../shared/i18n/useT';
import { FormTextField, fieldRules, useZodForm } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';
import { DialogForm, useDialogSubmit } from '../../kit/DialogForm';

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
  const color = form.watch('color');
  const submit = useDialogSubmit(form, (values) =>
    onSubmit({ name: values.name, color: values.color.toUpperCase(), description: values.description }),
  );
  return (
    <DialogForm
      title={
        group ? t('adminPortal.groups.editTitle', { name: group.name }) : t('adminPortal.groups.createTitle')
      }
      name="group"
      onClose={onClose}
      submitLabel={group ? t('adminPortal.form.save') : t('adminPortal.form.create')}
      {...submit}
    >
      <FormTextField form={form} name="name" label={t('adminPortal.groups.nameLabel')} autoComplete="off" />
      <div css={{ display: 'flex', alignItems: 'flex-end', gap: space.md }}>
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
            padding: space['2xs'],
            flex: 'none',
            border: '1px solid var(--fe-color-border)',
            borderRadius: 'var(--fe-radius)',
            background: 'var(--fe-color-background)',
            cursor: 'pointer',
            // Aligned with the text input when the field shows no error below it.
            marginBottom: form.formState.errors.color ? space['2xl'] : 0,
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
    </DialogForm>
  );
}
