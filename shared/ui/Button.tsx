import type { ButtonHTMLAttributes } from 'react';
import { size, space } from '../../themes/tokens';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'text';
  fullWidth?: boolean;
}

/** A small outlined button of a control row (pagination, a row's menu); each use adds its own states. */
export const compactButtonCss = {
  font: 'inherit',
  padding: `${space.xs} 10px`,
  borderRadius: 'var(--fe-radius)',
  border: '1px solid var(--fe-color-border)',
  background: 'transparent',
  color: 'var(--fe-color-text)',
  cursor: 'pointer',
} as const;

export function Button({ variant = 'primary', fullWidth, type = 'button', ...rest }: ButtonProps) {
  const primary = variant === 'primary';
  return (
    <button
      part={`button button-${variant}`}
      type={type}
      css={{
        font: 'inherit',
        fontWeight: 600,
        cursor: 'pointer',
        width: fullWidth ? '100%' : undefined,
        padding: variant === 'text' ? `${space.xs} ${space.sm}` : `${size.controlPaddingBlock} ${space.xl}`,
        borderRadius: 'var(--fe-radius)',
        border: variant === 'secondary' ? '1px solid var(--fe-color-border)' : '1px solid transparent',
        background: primary ? 'var(--fe-color-primary)' : 'transparent',
        color: primary ? 'var(--fe-color-primary-contrast)' : 'var(--fe-color-text)',
        '&:hover:not(:disabled)': {
          background: primary ? 'var(--fe-color-primary-dark)' : 'var(--fe-color-surface)',
        },
        '&:active:not(:disabled)': { background: primary ? 'var(--fe-color-primary-active)' : undefined },
        '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: 2 },
        '&:disabled': { opacity: 0.6, cursor: 'default' },
      }}
      {...rest}
    />
  );
}
