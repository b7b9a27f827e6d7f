import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
}

/** A labelled input whose error is tied to it for assistive technology. */
export function TextField({ label, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div part="field" css={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <label htmlFor={id} css={{ fontWeight: 600, fontSize: '0.9em' }}>
        {label}
      </label>
      <input
        id={id}
        part="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        css={{
          font: 'inherit',
          padding: 'var(--fe-spacing)',
          borderRadius: 'var(--fe-radius)',
          border: `1px solid ${error ? 'var(--fe-color-error)' : 'var(--fe-color-border)'}`,
          background: 'var(--fe-color-background)',
          color: 'var(--fe-color-text)',
          '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: 1 },
        }}
        {...input}
      />
      {error && (
        <span id={errorId} css={{ color: 'var(--fe-color-error)', fontSize: '0.85em' }}>
          {error}
        </span>
      )}
    </div>
  );
}
