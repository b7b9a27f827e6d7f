import { useMemo, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../../shared/api/errors';
import {
  profileApi,
  readProfileMetadata,
  type Profile,
  type ProfileUpdate,
} from '../../../../shared/api/profile';
import { useT } from '../../../../shared/i18n/useT';
import type { FieldAppearance } from '../../../../shared/options/options';
import { Alert, TextField, useToast } from '../../../../shared/ui';
import { fieldRules, FormTextField, useZodForm } from '../../../../shared/ui/form';
import { useFieldAppearances } from '../../appearance';
import { SubmitButton } from '../../PageParts';
import { FieldColumns } from '../../kit/FieldColumns';
import { space } from '../../../../themes/tokens';

type Field = 'name' | 'phoneNumber' | 'jobTitle' | 'address';
const fields: readonly Field[] = ['name', 'phoneNumber', 'jobTitle', 'address'];

/** A phone number as the shared rule wants it, or the one already saved (it is not the user's to fix now). */
const phoneOrSaved = (saved: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === saved.trim() || fieldRules.optionalPhone().safeParse(v).success, {
      error: 'adminPortal.form.invalidPhone',
    });

/** Only the fields the user may edit are checked; the others keep their values. */
function profileSchema(appearance: Record<Field, FieldAppearance>, savedPhone: string) {
  const editable = (field: Field, rule: z.ZodType<string, string>) =>
    appearance[field] === 'edit' ? rule : z.string();
  return z.object({
    name: editable('name', fieldRules.requiredText()),
    phoneNumber: editable('phoneNumber', phoneOrSaved(savedPhone)),
    jobTitle: editable('jobTitle', fieldRules.optionalText(200)),
    address: editable('address', fieldRules.optionalText(500)),
  });
}

/**
 * Name, phone number, job title and address (PROFILE-001), each shown as its field appearance says; job
 * title and address live in the profile metadata. Saved with PUT users v2 me (PROFILE-004).
 */
export function ProfileForm(props: {
  profile: Profile;
  roles: string[];
  onSaved: (profile: Profile) => void;
}) {
  const { t } = useT();
  const { profile } = props;
  const appearance = useFieldAppearances('profile');
  const metadata = readProfileMetadata(profile.metadata);
  const saved: Record<Field, string> = {
    name: profile.name ?? '',
    phoneNumber: profile.phoneNumber ?? '',
    jobTitle: typeof metadata.jobTitle === 'string' ? metadata.jobTitle : '',
    address: typeof metadata.address === 'string' ? metadata.address : '',
  };
  const schema = useMemo(
    () => profileSchema(appearance, saved.phoneNumber),
    // The schema follows the appearances and the saved phone number.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(appearance), saved.phoneNumber],
  );
  const form = useZodForm(schema, saved);
  // A failure stays in the form (the user must act); a save is a toast.
  const [status, setStatus] = useState<{ kind: 'failed'; error: string } | null>(null);
  const toast = useToast();
  const editable = fields.filter((field) => appearance[field] === 'edit');

  const submit = form.handleSubmit(async (values) => {
    setStatus(null);
    const body: ProfileUpdate = {};
    if (appearance.name === 'edit') body.name = values.name.trim();
    if (appearance.phoneNumber === 'edit') body.phoneNumber = values.phoneNumber.trim() || null;
    if (appearance.jobTitle === 'edit' || appearance.address === 'edit') {
      const next = { ...metadata };
      if (appearance.jobTitle === 'edit') next.jobTitle = values.jobTitle.trim();
      if (appearance.address === 'edit') next.address = values.address.trim();
      body.metadata = JSON.stringify(next);
    }
    try {
      const updated = await profileApi.updateProfile(body);
      form.reset(values);
      toast({ text: t('adminPortal.profile.saved') });
      props.onSaved({ ...profile, ...updated });
    } catch (error) {
      setStatus({ kind: 'failed', error: errorMessage(error, t('common.genericError')) });
    }
  });

  const field = (name: Field, label: string, extra: { type?: string; autoComplete?: string } = {}) => {
    if (appearance[name] === 'hidden') return null;
    if (appearance[name] === 'viewOnly')
      return <TextField label={label} value={saved[name]} readOnly data-field={name} data-view-only />;
    return <FormTextField form={form} name={name} label={label} data-field={name} {...extra} />;
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} css={{ display: 'grid', gap: space.xl }}>
      {status?.kind === 'failed' && <Alert severity="error">{status.error}</Alert>}
      <FieldColumns minWidth={220}>
        {field('name', t('adminPortal.profile.name'), { autoComplete: 'name' })}
        <div css={{ display: 'grid', gap: space.xs }}>
          <TextField
            label={t('adminPortal.profile.email')}
            value={profile.email}
            readOnly
            data-field="email"
          />
          <small css={{ color: 'var(--fe-color-text-secondary)' }}>
            {t('adminPortal.profile.emailHint')}
          </small>
        </div>
        {field('phoneNumber', t('adminPortal.profile.phoneNumber'), { type: 'tel', autoComplete: 'tel' })}
        {field('jobTitle', t('adminPortal.profile.jobTitle'), { autoComplete: 'organization-title' })}
        <div css={{ gridColumn: '1 / -1', '&:empty': { display: 'none' } }}>
          {field('address', t('adminPortal.profile.address'), { autoComplete: 'street-address' })}
        </div>
      </FieldColumns>
      <p css={{ margin: 0 }}>
        <span css={{ color: 'var(--fe-color-text-secondary)' }}>{t('adminPortal.profile.roles')}: </span>
        <span data-field="roles">{props.roles.join(', ') || t('adminPortal.profile.notSet')}</span>
      </p>
      {editable.length > 0 && (
        <div>
          <SubmitButton busy={form.formState.isSubmitting}>{t('adminPortal.form.save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
