import type { InputHTMLAttributes } from 'react';
import { space } from '../../themes/tokens';

/** A labelled checkbox. */
export function Checkbox({
  label,
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label css={{ display: 'inline-flex', alignItems: 'center', gap: space.md, cursor: 'pointer' }}>
      <input
        type="checkbox"
        {...input}
        css={{ width: 16, height: 16, accentColor: 'var(--fe-color-primary)' }}
      />
      {label}
    </label>
  );
}
