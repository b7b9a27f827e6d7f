// Small controls the SSO and Provisioning pages share: an on/off switch that waits for its call, a read-only
// value with a copy button, a radio group and a checkbox list, each a labelled native control.
import { useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../../../shared/i18n/useT';
import { Button } from '../../../../shared/ui';
import { Checkbox } from '../../../../shared/ui/form';
import { controlCss, fieldLabelCss } from '../../../../shared/ui/fieldStyles';
import { size, space } from '../../../../themes/tokens';

/**
 * An on/off switch (role switch). While its call runs (`busy`) it is disabled and `aria-busy` (SSO-005: the
 * loading flag of an enable), and shows the state asked for.
 */
export function Switch({
  label,
  checked,
  busy,
  disabled,
  onChange,
  ...data
}: {
  label: string;
  checked: boolean;
  busy?: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
  [data: `data-${string}`]: string | boolean | undefined;
}) {
  const off = Boolean(busy || disabled);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      aria-label={label}
      disabled={off}
      onClick={() => onChange(!checked)}
      {...data}
      css={{
        all: 'unset',
        boxSizing: 'border-box',
        display: 'inline-flex',
        alignItems: 'center',
        width: 40,
        height: 22,
        padding: 2,
        flexShrink: 0,
        borderRadius: size.radiusPill,
        border: '1px solid var(--fe-color-border)',
        background: checked ? 'var(--fe-color-primary)' : 'var(--fe-color-background)',
        cursor: off ? 'default' : 'pointer',
        opacity: off ? 0.6 : 1,
        '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: 2 },
        '& > span': {
          width: 16,
          height: 16,
          borderRadius: '50%',
          background: checked ? 'var(--fe-color-primary-contrast)' : 'var(--fe-color-text-secondary)',
          marginInlineStart: checked ? 18 : 0,
          transition: 'margin 120ms',
        },
      }}
    >
      <span aria-hidden="true" />
    </button>
  );
}

/** A switch with its visible label beside it (the label names the switch). */
export function LabelledSwitch(props: Parameters<typeof Switch>[0]) {
  return (
    <span css={{ display: 'inline-flex', alignItems: 'center', gap: space.md }}>
      <Switch {...props} />
      <span aria-hidden="true" css={{ fontWeight: 600 }}>
        {props.label}
      </span>
    </span>
  );
}

/** A value to copy (a URL, a token, a TXT record): read only, selected on focus, with its copy button. */
export function CopyField({
  label,
  value,
  copyLabel,
  copyName,
  marker,
  multiline,
}: {
  label: string;
  value: string;
  /** The button's text ("Copy", "Copy URL"). */
  copyLabel: string;
  /** The button's accessible name when the text alone does not say what it copies. */
  copyName?: string;
  marker: string;
  multiline?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
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
  const control = {
    ref: input,
    id,
    readOnly: true,
    value,
    [`data-value`]: marker,
    onFocus: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      event.currentTarget.select(),
    css: {
      ...controlCss(false),
      flex: '1 1 auto',
      minWidth: 0,
      fontFamily: 'monospace',
      fontSize: '0.9em',
    },
  };
  return (
    <div css={{ display: 'grid', gap: space.xs, minWidth: 0 }}>
      <label htmlFor={id} css={fieldLabelCss}>
        {label}
      </label>
      <div css={{ display: 'flex', gap: space.md, alignItems: 'flex-start' }}>
        {multiline ? <textarea rows={4} {...control} /> : <input {...control} />}
        <Button variant="secondary" data-copy={marker} aria-label={copyName} onClick={() => void copy()}>
          {copyLabel}
        </Button>
      </div>
      {copied && (
        <p role="status" data-copied={marker} css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
          {t(copied === 'copied' ? 'adminPortal.sso.copied' : 'adminPortal.sso.copyManually')}
        </p>
      )}
    </div>
  );
}

/** A radio group (role radiogroup through a fieldset and its legend). */
export function RadioGroup<K extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  options: readonly { value: K; label: string }[];
  value: K;
  onChange: (value: K) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset role="radiogroup" css={fieldsetCss} data-radios={name}>
      <legend css={legendCss}>{legend}</legend>
      <div css={{ display: 'flex', gap: space.xl, flexWrap: 'wrap' }}>
        {options.map((option) => (
          <label
            key={option.value}
            css={{ display: 'inline-flex', alignItems: 'center', gap: space.sm, cursor: 'pointer' }}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
              css={{ accentColor: 'var(--fe-color-primary)' }}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Checkboxes named by the items' names in a fieldset (roles, groups); `selected` holds ids. */
export function CheckboxList({
  legend,
  items,
  selected,
  onChange,
  disabled,
  empty,
  marker,
  hint,
}: {
  legend: string;
  items: readonly { id: string; name: string }[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  empty: string;
  marker: string;
  hint?: ReactNode;
}) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id));
  return (
    <fieldset css={fieldsetCss} data-checklist={marker}>
      <legend css={legendCss}>{legend}</legend>
      {hint && <p css={hintCss}>{hint}</p>}
      {items.length === 0 ? (
        <p css={hintCss}>{empty}</p>
      ) : (
        <ul
          css={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'flex',
            flexWrap: 'wrap',
            gap: `${space.sm} ${space.xl}`,
          }}
        >
          {items.map((item) => (
            <li key={item.id}>
              <Checkbox
                label={item.name}
                value={item.id}
                data-item={item.id}
                checked={selected.includes(item.id)}
                disabled={disabled}
                onChange={(event) => toggle(item.id, event.currentTarget.checked)}
              />
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export const fieldsetCss = {
  gridTemplateColumns: 'minmax(0, 1fr)',
  border: '1px solid var(--fe-color-border)',
  borderRadius: 'var(--fe-radius)',
  margin: 0,
  padding: `${space.md} ${space.lg}`,
  minWidth: 0,
  display: 'grid',
  gap: space.md,
} as const;

export const legendCss = { fontWeight: 600, fontSize: '0.9em', padding: `0 ${space.xs}` } as const;

export const hintCss = { margin: 0, fontSize: '0.85em', color: 'var(--fe-color-text-secondary)' } as const;

/** A labelled multi-line text input (a PEM certificate). */
export function TextArea({
  label,
  value,
  onChange,
  disabled,
  rows = 4,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  rows?: number;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: space.xs }}>
      <label htmlFor={id} css={fieldLabelCss}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(event) => onChange(event.currentTarget.value)}
        css={{ ...controlCss(false), fontFamily: 'monospace', fontSize: '0.85em', resize: 'vertical' }}
      />
    </div>
  );
}

/** A labelled file input; the chosen file goes to `onFile` (null when cleared). */
export function FileField({
  label,
  accept,
  onFile,
  disabled,
}: {
  label: string;
  accept?: string;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: space.xs }}>
      <label htmlFor={id} css={fieldLabelCss}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
        css={{ font: 'inherit', color: 'var(--fe-color-text)' }}
      />
    </div>
  );
}
