import { useId, type ReactNode } from 'react';
import { useT } from '../../../../shared/i18n/useT';
import { Checkbox, TextField } from '../../../../shared/ui';
import { Select } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';
import { timeUnits, type Duration } from './drafts';

/**
 * One policy of a tab: its title and what it does, then its controls. `field` is the `data-field` marker;
 * `note` is a line under the hint (the vendor keeps this policy).
 */
export function PolicySection(props: {
  field: string;
  title: string;
  hint: string;
  note?: string | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-field={props.field}
      css={{
        display: 'grid',
        gap: space.lg,
        padding: space.xl,
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
        background: 'var(--fe-color-surface)',
      }}
    >
      <div>
        <h4 id={id} css={{ margin: `0 0 ${space.xs}`, fontSize: '1.05em' }}>
          {props.title}
        </h4>
        <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>{props.hint}</p>
        {props.note && (
          <p data-note="vendor" css={{ margin: `${space.xs} 0 0`, fontWeight: 600 }}>
            {props.note}
          </p>
        )}
      </div>
      {props.children}
    </section>
  );
}

/** A switch-like checkbox that turns a policy on or off. */
export function Toggle(props: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  name: string;
}) {
  return (
    <Checkbox
      label={props.label}
      checked={props.checked}
      disabled={props.disabled}
      data-toggle={props.name}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
    />
  );
}

/** A number and its unit (minutes, hours, days), side by side. */
export function DurationField(props: {
  label: string;
  value: Duration;
  disabled?: boolean;
  error?: string | null;
  name: string;
  onChange: (value: Duration) => void;
}) {
  const { t } = useT();
  return (
    <div css={{ display: 'flex', gap: space.md, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <div css={{ flex: '1 1 140px', maxWidth: 220 }}>
        <TextField
          label={props.label}
          type="number"
          inputMode="numeric"
          min={1}
          value={props.value.value}
          disabled={props.disabled}
          error={props.error}
          data-input={props.name}
          onChange={(event) => props.onChange({ ...props.value, value: event.currentTarget.value })}
        />
      </div>
      <div css={{ flex: '0 1 140px' }}>
        <Select
          label={t('adminPortal.security.unitLabel')}
          value={props.value.unit}
          disabled={props.disabled}
          data-unit={props.name}
          onChange={(event) =>
            props.onChange({ ...props.value, unit: event.currentTarget.value as Duration['unit'] })
          }
        >
          {timeUnits.map((unit) => (
            <option key={unit} value={unit}>
              {t(`adminPortal.security.units.${unit}`)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** A number field of a policy (`data-input` marks it for hosts and tests). */
export function NumberField(props: {
  label: string;
  value: string;
  disabled?: boolean;
  error?: string | null;
  name: string;
  min: number;
  max: number;
  onChange: (value: string) => void;
}) {
  return (
    <div css={{ maxWidth: 220 }}>
      <TextField
        label={props.label}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        value={props.value}
        disabled={props.disabled}
        error={props.error}
        data-input={props.name}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    </div>
  );
}
