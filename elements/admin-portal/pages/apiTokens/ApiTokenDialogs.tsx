import { useId, useRef, useState } from 'react';
import { expiryField, type ApiTokenKind, type CreatedApiToken } from '../../../../shared/api/apiTokens';
import { errorMessage } from '../../../../shared/api/errors';
import type { Role } from '../../../../shared/api/roles';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Dialog, TextField } from '../../../../shared/ui';
import { controlCss, fieldLabelCss } from '../../../../shared/ui/fieldStyles';
import { Select } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';
import { DialogForm } from '../../kit/DialogForm';
import { RoleChecklist } from '../users/RoleChecklist';

/** The expiration choices of the add dialog, in days (TOKENS-005). */
export const TOKEN_EXPIRY_DAYS = [1, 7, 30, 90, 365] as const;

/** What the add dialog sends: the expiry only when the option was set (TOKENS-007). */
export interface NewApiToken {
  description: string;
  roleIds?: string[];
  expiresInMinutes?: number | null;
}

/**
 * The add dialog (SCREEN-047): a description, the expiration option (not set: no field; "no expiry": null;
 * days: minutes, TOKENS-005..007) and, for a tenant token, its roles among those the creator may grant
 * (TOKENS-002). A refused creation keeps the dialog open with the server's reason.
 */
export function AddApiTokenDialog({
  kind,
  roles,
  rolesError,
  onClose,
  onCreate,
}: {
  kind: ApiTokenKind;
  /** The roles offered (tenant tokens): already filtered to what the creator may grant. */
  roles: readonly Role[];
  rolesError: string | null;
  onClose: () => void;
  onCreate: (input: NewApiToken) => Promise<void>;
}) {
  const { t } = useT();
  const [description, setDescription] = useState('');
  // '' = not set, 'never' = no expiry, else a number of days.
  const [expiry, setExpiry] = useState('');
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    const days = expiry === '' ? undefined : expiry === 'never' ? null : Number(expiry);
    try {
      await onCreate({
        description: description.trim(),
        ...(kind === 'tenant'
          ? { roleIds: roles.filter((r) => roleIds.includes(r.id)).map((r) => r.id) }
          : {}),
        ...expiryField(days),
      });
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
      setBusy(false);
    }
  };

  return (
    <DialogForm
      title={t('adminPortal.apiTokens.addTitle')}
      name="api-token"
      width={520}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('adminPortal.apiTokens.generate')}
      busy={busy}
      busyLabel={t('adminPortal.apiTokens.generating')}
      error={error}
    >
      <TextField
        label={t('adminPortal.apiTokens.descriptionLabel')}
        data-input="description"
        autoComplete="off"
        maxLength={200}
        value={description}
        disabled={busy}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <Select
        label={t('adminPortal.apiTokens.expirationLabel')}
        data-expiry
        value={expiry}
        disabled={busy}
        onChange={(event) => setExpiry(event.currentTarget.value)}
      >
        <option value="">{t('adminPortal.apiTokens.expirationNotSet')}</option>
        <option value="never">{t('adminPortal.apiTokens.expirationNever')}</option>
        {TOKEN_EXPIRY_DAYS.map((d) => (
          <option key={d} value={d}>
            {t('adminPortal.apiTokens.expirationDays', { count: d })}
          </option>
        ))}
      </Select>
      {kind === 'tenant' &&
        (rolesError ? (
          <Alert severity="warning">
            {t('adminPortal.apiTokens.rolesUnavailable', { error: rolesError })}
          </Alert>
        ) : (
          <div css={{ display: 'grid', gap: space.xs }}>
            <RoleChecklist roles={roles} selected={roleIds} onChange={setRoleIds} disabled={busy} />
            <p css={{ margin: 0, fontSize: '0.85em', color: 'var(--fe-color-text-secondary)' }}>
              {t('adminPortal.apiTokens.rolesHint')}
            </p>
          </div>
        ))}
    </DialogForm>
  );
}

/** One value of the success dialog, read only, with its copy button. */
function CopyField({
  label,
  copyLabel,
  value,
  marker,
}: {
  label: string;
  copyLabel: string;
  value: string;
  marker: 'client-id' | 'secret';
}) {
  const { t } = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'copied' | 'manual' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      input.current?.select();
      setCopied('manual');
    }
  };
  return (
    <div css={{ display: 'grid', gap: space.xs }}>
      <label htmlFor={id} css={fieldLabelCss}>
        {label}
      </label>
      <div css={{ display: 'flex', gap: space.md, alignItems: 'center' }}>
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          {...{ [`data-${marker}` as `data-${string}`]: true }}
          onFocus={(event) => event.currentTarget.select()}
          css={{ ...controlCss(false), flex: '1 1 auto', minWidth: 0, fontFamily: 'monospace' }}
        />
        <Button variant="secondary" data-copy={marker} aria-label={copyLabel} onClick={() => void copy()}>
          {t('adminPortal.apiTokens.copy')}
        </Button>
      </div>
      {copied && (
        <p role="status" data-copied={marker} css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
          {t(copied === 'copied' ? 'adminPortal.apiTokens.copied' : 'adminPortal.apiTokens.copyManually')}
        </p>
      )}
    </div>
  );
}

/**
 * The success dialog (SCREEN-048): the secret, shown this once, and for client-credentials tokens the
 * clientId (TOKENS-004), each with a copy button, and the warning that the secret will not be shown again.
 */
export function ApiTokenCreatedDialog({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog
      open
      title={t('adminPortal.apiTokens.successTitle')}
      width={560}
      onClose={onClose}
      actions={
        <Button data-done onClick={onClose}>
          {t('adminPortal.apiTokens.done')}
        </Button>
      }
    >
      <div data-token-created css={{ display: 'grid', gap: space.xl }}>
        <Alert severity="warning">{t('adminPortal.apiTokens.copyNow')}</Alert>
        {token.type === 'ClientCredentials' && (
          <CopyField
            label={t('adminPortal.apiTokens.clientIdLabel')}
            copyLabel={t('adminPortal.apiTokens.copyClientId')}
            value={token.clientId}
            marker="client-id"
          />
        )}
        <CopyField
          label={t('adminPortal.apiTokens.secretLabel')}
          copyLabel={t('adminPortal.apiTokens.copySecret')}
          value={token.secret}
          marker="secret"
        />
      </div>
    </Dialog>
  );
}
