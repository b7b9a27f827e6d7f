import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'text';
  fullWidth?: boolean;
}

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
        padding:
          variant === 'text' ? '4px 6px' : 'calc(var(--fe-spacing) * 1.25) calc(var(--fe-spacing) * 2)',
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
