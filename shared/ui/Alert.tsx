import type { ReactNode } from 'react';
import { Button } from './Button';
import { space } from '../../themes/tokens';

export interface AlertProps {
  severity: 'error' | 'warning' | 'info' | 'success';
  /** A heading above the message (what failed), when the message alone does not say it. */
  title?: string;
  children: ReactNode;
  action?: { label: string; onClick: () => void };
}

/** A message box; errors are announced to screen readers at once (role="alert"). */
export function Alert({ severity, title, children, action }: AlertProps) {
  return (
    <div
      part="alert"
      role={severity === 'error' ? 'alert' : 'status'}
      css={{
        display: 'flex',
        alignItems: 'center',
        gap: space.md,
        padding: space.lg,
        borderRadius: 'var(--fe-radius)',
        // Readable in light and dark themes: the surface colour with a status-coloured edge.
        border: `1px solid var(--fe-color-${severity})`,
        borderInlineStartWidth: 6,
        background: 'var(--fe-color-surface)',
      }}
    >
      <div css={{ flex: 1, color: 'var(--fe-color-text)' }}>
        {title && (
          <strong part="alert-title" css={{ display: 'block', marginBlockEnd: '0.25em' }}>
            {title}
          </strong>
        )}
        {children}
      </div>
      {action && (
        <Button variant="secondary" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </div>
  );
}
