import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { z } from 'zod';
import {
  accountSettingsApi,
  type AccountSettings,
  type CustomLogin,
} from '../../../../shared/api/accountSettings';
import { errorMessage } from '../../../../shared/api/errors';
import { useT } from '../../../../shared/i18n/useT';
import { currentUrlAtom } from '../../../../shared/options/location';
import { optionsAtom } from '../../../../shared/options/options.atoms';
import { Alert, TextField, useToast } from '../../../../shared/ui';
import { fieldRules, FormTextField, Select, useZodForm } from '../../../../shared/ui/form';
import { SubmitButton } from '../../PageParts';
import { loginAddressOf } from './loginAddress';
import { space } from '../../../../themes/tokens';

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const color = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || HEX_COLOR.test(v), { error: 'adminPortal.account.invalidColor' });

const schema = z.object({
  title: fieldRules.optionalText(200),
  subtitle: fieldRules.optionalText(500),
  logo: fieldRules.optionalUrl(),
  backgroundImage: fieldRules.optionalUrl(),
  primaryColor: color(),
  backgroundColor: color(),
  themeMode: z.enum(['', 'light', 'dark']),
});

type Values = z.output<typeof schema>;
type TextKey = Exclude<keyof Values, 'themeMode'>;
const textKeys: readonly TextKey[] = [
  'title',
  'subtitle',
  'logo',
  'backgroundImage',
  'primaryColor',
  'backgroundColor',
];

/** The box as the API takes it: empty fields are left out. */
export function customLoginOf(values: Values): CustomLogin {
  const box: CustomLogin = {};
  for (const key of textKeys) if (values[key].trim()) box[key] = values[key].trim();
  if (values.themeMode) box.themeMode = values.themeMode;
  return box;
}

/** JSON with sorted keys: equal boxes compare equal whatever their key order. */
const canonical = (box: CustomLogin | null | undefined) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(box ?? {})
        .filter(([, v]) => v !== undefined && v !== '')
        .sort(),
    ),
  );

/**
 * The account's custom login box (the customLogin tab): title, subtitle, logo, background, colours, theme.
 * Saving it unchanged fails with 'No changes to update' (TENANTS-007) and sends nothing.
 */
export function CustomLoginForm(props: {
  settings: AccountSettings;
  canWrite: boolean;
  onSaved: (settings: AccountSettings) => void;
}) {
  const { t } = useT();
  const { settings, canWrite } = props;
  const saved = settings.customLogin ?? {};
  const defaults: Values = {
    title: saved.title ?? '',
    subtitle: saved.subtitle ?? '',
    logo: saved.logo ?? '',
    backgroundImage: saved.backgroundImage ?? '',
    primaryColor: saved.primaryColor ?? '',
    backgroundColor: saved.backgroundColor ?? '',
    themeMode: saved.themeMode ?? '',
  };
  const form = useZodForm(schema, defaults);
  // A failure stays in the form (the user must act); a save is a toast.
  const [status, setStatus] = useState<{ kind: 'failed'; error: string } | null>(null);
  const toast = useToast();
  const values = form.watch();
  const loginAddress = loginAddressOf(
    settings.tenantId,
    useAtomValue(optionsAtom),
    useAtomValue(currentUrlAtom),
  );

  const submit = form.handleSubmit(async (submitted) => {
    setStatus(null);
    const box = customLoginOf(submitted);
    if (canonical(box) === canonical(settings.customLogin))
      return setStatus({ kind: 'failed', error: t('adminPortal.account.noChanges') });
    try {
      const updated = await accountSettingsApi.updateSettings({
        customLogin: Object.keys(box).length ? box : null,
      });
      form.reset(submitted);
      toast({ text: t('adminPortal.account.customLoginSaved') });
      props.onSaved({ ...settings, ...updated });
    } catch (error) {
      setStatus({ kind: 'failed', error: errorMessage(error, t('common.genericError')) });
    }
  });

  const label: Record<TextKey, string> = {
    title: t('adminPortal.account.loginTitle'),
    subtitle: t('adminPortal.account.loginSubtitle'),
    logo: t('adminPortal.account.loginLogo'),
    backgroundImage: t('adminPortal.account.backgroundImage'),
    primaryColor: t('adminPortal.account.primaryColor'),
    backgroundColor: t('adminPortal.account.backgroundColor'),
  };
  const field = (key: TextKey, extra: { type?: string; placeholder?: string } = {}) =>
    canWrite ? (
      <FormTextField key={key} form={form} name={key} label={label[key]} data-field={key} {...extra} />
    ) : (
      <TextField
        key={key}
        label={label[key]}
        value={defaults[key]}
        readOnly
        data-field={key}
        data-view-only
      />
    );

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      data-form="customLogin"
      css={{ display: 'grid', gap: space.xl }}
    >
      <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
        {t('adminPortal.account.customLoginIntro')}
      </p>
      <p css={{ margin: 0, overflowWrap: 'anywhere' }} data-login-address>
        {t('adminPortal.account.loginAddress')}{' '}
        <a
          href={loginAddress}
          target="_blank"
          rel="noopener"
          css={{
            color: 'var(--fe-color-text)',
            textDecorationColor: 'var(--fe-color-primary)',
            textUnderlineOffset: 3,
          }}
        >
          {loginAddress}
        </a>
      </p>
      {status?.kind === 'failed' && <Alert severity="error">{status.error}</Alert>}
      <div
        css={{
          display: 'grid',
          gap: space['2xl'],
          gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
          alignItems: 'start',
        }}
      >
        <div css={{ display: 'grid', gap: space.xl }}>
          {field('title')}
          {field('subtitle')}
          {field('logo', { type: 'url', placeholder: 'https://' })}
          {field('backgroundImage', { type: 'url', placeholder: 'https://' })}
          {field('primaryColor', { placeholder: '#5B8DEF' })}
          {field('backgroundColor', { placeholder: '#F5F7FB' })}
          {canWrite ? (
            <Select
              label={t('adminPortal.account.themeMode')}
              data-field="themeMode"
              {...form.register('themeMode')}
            >
              <option value="">{t('adminPortal.account.themeDefault')}</option>
              <option value="light">{t('adminPortal.account.themeLight')}</option>
              <option value="dark">{t('adminPortal.account.themeDark')}</option>
            </Select>
          ) : (
            <TextField
              label={t('adminPortal.account.themeMode')}
              value={t(
                defaults.themeMode === 'dark'
                  ? 'adminPortal.account.themeDark'
                  : defaults.themeMode === 'light'
                    ? 'adminPortal.account.themeLight'
                    : 'adminPortal.account.themeDefault',
              )}
              readOnly
              data-field="themeMode"
            />
          )}
        </div>
        <LoginBoxPreview box={customLoginOf({ ...defaults, ...values })} />
      </div>
      {canWrite && (
        <div>
          <SubmitButton busy={form.formState.isSubmitting}>{t('adminPortal.form.save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}

/** A sketch of the account's sign-in page; only valid colours and https images are applied. */
function LoginBoxPreview({ box }: { box: CustomLogin }) {
  const { t } = useT();
  const dark = box.themeMode === 'dark';
  const hex = (value: string | undefined) => (value && HEX_COLOR.test(value) ? value : undefined);
  const https = (value: string | undefined) => {
    try {
      return value && new URL(value).protocol === 'https:' ? value : undefined;
    } catch {
      return undefined;
    }
  };
  const background = hex(box.backgroundColor) ?? (dark ? '#1d2330' : '#eef1f6');
  const image = https(box.backgroundImage);
  const logo = https(box.logo);
  const primary = hex(box.primaryColor) ?? '#3659d6';
  return (
    <figure css={{ margin: 0, display: 'grid', gap: space.md }} data-login-preview>
      <figcaption css={{ fontWeight: 600, fontSize: '0.9em' }}>
        {t('adminPortal.account.previewTitle')}
      </figcaption>
      <div
        aria-hidden="true"
        css={{
          borderRadius: 'var(--fe-radius)',
          border: '1px solid var(--fe-color-border)',
          padding: space['2xl'],
          minHeight: 220,
          display: 'grid',
          placeItems: 'center',
          backgroundColor: background,
          backgroundImage: image ? `url("${encodeURI(image)}")` : undefined,
          backgroundSize: 'cover',
        }}
      >
        <div
          css={{
            width: '100%',
            maxWidth: 260,
            borderRadius: 8,
            padding: space.xl,
            display: 'grid',
            gap: space.md,
            background: dark ? '#2a3142' : '#ffffff',
            color: dark ? '#f2f4f8' : '#1b1f27',
            boxShadow: '0 4px 16px rgb(0 0 0 / 0.15)',
          }}
        >
          {logo && <img src={logo} alt="" css={{ maxHeight: 32, justifySelf: 'center' }} />}
          <strong css={{ textAlign: 'center' }}>{box.title || '—'}</strong>
          {box.subtitle && <span css={{ textAlign: 'center', fontSize: '0.85em' }}>{box.subtitle}</span>}
          <span css={{ height: 28, borderRadius: 4, border: '1px solid #9aa3b5' }} />
          <span css={{ height: 28, borderRadius: 4, background: primary }} />
        </div>
      </div>
    </figure>
  );
}
