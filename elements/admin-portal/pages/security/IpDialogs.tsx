import { useId, useState } from 'react';
import { runOperation } from '../../../../shared/api/operation';
import { isIpOrCidr } from '../../../../shared/api/ipAddress';
import type { IpRestrictionInput, RestrictionStrategy } from '../../../../shared/api/securityPolicy';
import { useT } from '../../../../shared/i18n/useT';
import { TextField } from '../../../../shared/ui';
import { Checkbox } from '../../../../shared/ui/form';
import { controlCss, fieldCss, fieldErrorCss, fieldLabelCss } from '../../../../shared/ui/fieldStyles';
import { DialogForm } from '../../kit/DialogForm';

/** At most this many entries in one bulk add (the contract's limit). */
const MAX_BULK = 100;

/** Adds one address or range to the list shown (allow or block). */
export function AddIpDialog(props: {
  strategy: RestrictionStrategy;
  onClose: () => void;
  onSubmit: (input: IpRestrictionInput) => Promise<void>;
}) {
  const { t } = useT();
  const [ip, setIp] = useState('');
  const [description, setDescription] = useState('');
  const [isActive, setActive] = useState(true);
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const value = ip.trim();
    if (!isIpOrCidr(value)) return setInvalid(true);
    setInvalid(false);
    await runOperation(
      { setLoading: setBusy, setError },
      () =>
        props.onSubmit({ ip: value, description: description.trim(), isActive, strategy: props.strategy }),
      t('common.genericError'),
    );
  };
  return (
    <DialogForm
      name="add-ip"
      title={t(
        props.strategy === 'ALLOW'
          ? 'adminPortal.security.ip.addTitleAllow'
          : 'adminPortal.security.ip.addTitleBlock',
      )}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      submitLabel={t('adminPortal.form.create')}
      busy={busy}
      error={error}
    >
      <TextField
        label={t('adminPortal.security.ip.ipLabel')}
        value={ip}
        placeholder="203.0.113.0/24"
        spellCheck={false}
        autoComplete="off"
        data-input="ip"
        error={invalid ? t('adminPortal.security.ip.invalidIp') : null}
        onChange={(event) => setIp(event.currentTarget.value)}
      />
      <TextField
        label={t('adminPortal.security.ip.descriptionLabel')}
        value={description}
        maxLength={200}
        data-input="description"
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <Checkbox
        label={t('adminPortal.security.ip.activeLabel')}
        checked={isActive}
        data-input="isActive"
        onChange={(event) => setActive(event.currentTarget.checked)}
      />
    </DialogForm>
  );
}

/** Lines of "address[, description]" as entries, or the first line that is not an address. */
export function parseBulk(
  text: string,
  strategy: RestrictionStrategy,
): { entries: IpRestrictionInput[] } | { line: number; ip: string } {
  const entries: IpRestrictionInput[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const comma = line.indexOf(',');
    const ip = (comma < 0 ? line : line.slice(0, comma)).trim();
    const description = comma < 0 ? '' : line.slice(comma + 1).trim();
    if (!isIpOrCidr(ip)) return { line: index + 1, ip };
    entries.push({ ip, description, isActive: true, strategy });
  }
  return { entries };
}

/** Adds many addresses to the list shown in one call: all of them, or none when the server refuses one. */
export function BulkIpDialog(props: {
  strategy: RestrictionStrategy;
  onClose: () => void;
  onSubmit: (entries: IpRestrictionInput[]) => Promise<void>;
}) {
  const { t } = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = parseBulk(text, props.strategy);
    if ('line' in parsed) return setFieldError(t('adminPortal.security.ip.bulkInvalid', parsed));
    if (!parsed.entries.length) return setFieldError(t('adminPortal.security.ip.bulkEmpty'));
    if (parsed.entries.length > MAX_BULK) return setFieldError(t('adminPortal.security.ip.bulkTooMany'));
    setFieldError(null);
    await runOperation(
      { setLoading: setBusy, setError },
      () => props.onSubmit(parsed.entries),
      t('common.genericError'),
    );
  };
  return (
    <DialogForm
      name="bulk-ip"
      title={t(
        props.strategy === 'ALLOW'
          ? 'adminPortal.security.ip.bulkTitleAllow'
          : 'adminPortal.security.ip.bulkTitleBlock',
      )}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      submitLabel={t('adminPortal.form.create')}
      busy={busy}
      error={error}
    >
      <div css={fieldCss}>
        <label htmlFor={id} css={fieldLabelCss}>
          {t('adminPortal.security.ip.bulkLabel')}
        </label>
        <span id={`${id}-hint`} css={{ fontSize: '0.85em', color: 'var(--fe-color-text-secondary)' }}>
          {t('adminPortal.security.ip.bulkHint')}
        </span>
        <textarea
          id={id}
          rows={6}
          value={text}
          spellCheck={false}
          data-input="bulk"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
          onChange={(event) => setText(event.currentTarget.value)}
          css={[controlCss(Boolean(fieldError)), { resize: 'vertical', fontFamily: 'monospace' }]}
        />
        {fieldError && (
          <span id={`${id}-error`} css={fieldErrorCss}>
            {fieldError}
          </span>
        )}
      </div>
    </DialogForm>
  );
}
