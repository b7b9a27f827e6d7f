import { useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import {
  accountSettingsApi,
  DATE_FORMATS,
  TIME_FORMATS,
  type AccountSettings,
  type AccountSettingsUpdate,
} from '../../../../shared/api/accountSettings';
import { errorMessage } from '../../../../shared/api/errors';
import { useT } from '../../../../shared/i18n/useT';
import type { FieldAppearance } from '../../../../shared/options/options';
import { Alert, TextField, useToast } from '../../../../shared/ui';
import { fieldRules, FormTextField, Select, useZodForm } from '../../../../shared/ui/form';
import { useFieldAppearances, type PortalField } from '../../appearance';
import { SubmitButton } from '../../PageParts';
import { FieldColumns } from '../../kit/FieldColumns';
import { currencies, currencyName, formatSample, timeZones } from './formats';
import { space } from '../../../../themes/tokens';

type Field = PortalField<'account'>;

/** The wire name of each field of the page (companyName is the account's `name`). */
const wireName = {
  companyName: 'name',
  address: 'address',
  website: 'website',
  timezone: 'timezone',
  currency: 'currency',
  dateFormat: 'dateFormat',
  timeFormat: 'timeFormat',
  logo: 'logo',
} as const satisfies Record<Field, keyof AccountSettingsUpdate>;

function settingsSchema(editable: (field: Field) => boolean) {
  const rule = (field: Field, check: z.ZodType<string, string>) => (editable(field) ? check : z.string());
  return z.object({
    companyName: rule('companyName', fieldRules.requiredText()),
    address: rule('address', fieldRules.optionalText(500)),
    website: rule('website', fieldRules.optionalUrl()),
    timezone: z.string(),
    currency: z.string(),
    dateFormat: z.string(),
    timeFormat: z.string(),
    logo: rule('logo', fieldRules.optionalUrl()),
  });
}

/** A fixed moment for the format samples: 31 December, 4:05 PM. */
const SAMPLE_DATE = new Date(2025, 11, 31, 16, 5, 9);

/**
 * Company name, address, website, time zone, currency (TENANTS-005), date and time format and logo
 * (TENANTS-004), with GET/PUT account settings. A field is editable by writers when its appearance is `edit`.
 */
export function SettingsForm(props: {
  settings: AccountSettings;
  canWrite: boolean;
  onSaved: (settings: AccountSettings) => void;
}) {
  const { t, locale } = useT();
  const { settings, canWrite } = props;
  const appearance = useFieldAppearances('account');
  const editable = (field: Field) => canWrite && appearance[field] === 'edit';
  const saved: Record<Field, string> = {
    companyName: settings.name ?? '',
    address: settings.address ?? '',
    website: settings.website ?? '',
    timezone: settings.timezone ?? 'UTC',
    currency: settings.currency ?? 'USD',
    dateFormat: settings.dateFormat ?? DATE_FORMATS[0],
    timeFormat: settings.timeFormat ?? TIME_FORMATS[0],
    logo: settings.logo ?? '',
  };
  const editKey = JSON.stringify([canWrite, appearance]);
  // The rules follow who may edit what.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => settingsSchema(editable), [editKey]);
  const form = useZodForm(schema, saved);
  // A failure stays in the form (the user must act); a save is a toast.
  const [status, setStatus] = useState<{ kind: 'failed'; error: string } | null>(null);
  const toast = useToast();
  const fields = Object.keys(wireName) as Field[];

  const submit = form.handleSubmit(async (values) => {
    setStatus(null);
    const body: Partial<Record<(typeof wireName)[Field], string>> = {};
    for (const field of fields) if (editable(field)) body[wireName[field]] = values[field].trim();
    try {
      // The format selects offer the listed formats (and the saved one); the server refuses any other.
      const updated = await accountSettingsApi.updateSettings(body as AccountSettingsUpdate);
      form.reset(values);
      toast({ text: t('adminPortal.account.saved') });
      props.onSaved({ ...settings, ...updated });
    } catch (error) {
      setStatus({ kind: 'failed', error: errorMessage(error, t('common.genericError')) });
    }
  });

  const label: Record<Field, string> = {
    companyName: t('adminPortal.account.companyName'),
    address: t('adminPortal.account.address'),
    website: t('adminPortal.account.website'),
    timezone: t('adminPortal.account.timezone'),
    currency: t('adminPortal.account.currency'),
    dateFormat: t('adminPortal.account.dateFormat'),
    timeFormat: t('adminPortal.account.timeFormat'),
    logo: t('adminPortal.account.logo'),
  };

  /** A field as its appearance says: nothing, its value read-only, or the control. */
  const show = (field: Field, control: () => ReactNode) => {
    const shown: FieldAppearance =
      appearance[field] === 'hidden' ? 'hidden' : editable(field) ? 'edit' : 'viewOnly';
    if (shown === 'hidden') return null;
    if (shown === 'viewOnly')
      return (
        <TextField
          key={field}
          label={label[field]}
          value={saved[field]}
          readOnly
          data-field={field}
          data-view-only
        />
      );
    return <div key={field}>{control()}</div>;
  };
  const text = (field: Field, extra: { type?: string; placeholder?: string; autoComplete?: string } = {}) =>
    show(field, () => (
      <FormTextField form={form} name={field} label={label[field]} data-field={field} {...extra} />
    ));
  const select = (field: Field, options: { value: string; label: string }[]) =>
    show(field, () => (
      <Select label={label[field]} data-field={field} {...form.register(field)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    ));
  const formatOptions = (formats: readonly string[], current: string) =>
    [...new Set([...formats, current])].map((format) => ({
      value: format,
      label: t('adminPortal.account.formatOption', { format, sample: formatSample(format, SAMPLE_DATE) }),
    }));
  const anyEditable = fields.some((field) => appearance[field] !== 'hidden' && editable(field));

  return (
    <form noValidate onSubmit={(e) => void submit(e)} css={{ display: 'grid', gap: space.xl }}>
      {status?.kind === 'failed' && <Alert severity="error">{status.error}</Alert>}
      <FieldColumns minWidth={240}>
        {text('companyName', { autoComplete: 'organization' })}
        {text('address', { autoComplete: 'street-address' })}
        {text('website', { type: 'url', placeholder: 'https://' })}
        {text('logo', { type: 'url', placeholder: 'https://' })}
        {select(
          'timezone',
          timeZones(saved.timezone).map((zone) => ({ value: zone, label: zone })),
        )}
        {select(
          'currency',
          currencies(saved.currency).map((code) => ({
            value: code,
            // Data, not wording: the ISO code and the currency's own name in the page's language.
            label: `${code} — ${currencyName(code, locale)}`,
          })),
        )}
        {select('dateFormat', formatOptions(DATE_FORMATS, saved.dateFormat))}
        {select('timeFormat', formatOptions(TIME_FORMATS, saved.timeFormat))}
      </FieldColumns>
      {anyEditable && (
        <div>
          <SubmitButton busy={form.formState.isSubmitting}>{t('adminPortal.form.save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
