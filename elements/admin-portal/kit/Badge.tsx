import type { ReactNode } from 'react';
import { size, space } from '../../../themes/tokens';

/** A small label beside a name ("Built-in", "Default"); readable in light and dark themes. */
export function Badge({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <span
      part="badge"
      title={title}
      css={{
        display: 'inline-block',
        marginInlineStart: space.sm,
        padding: `1px ${space.md}`,
        borderRadius: size.radiusPill,
        border: '1px solid var(--fe-color-border)',
        background: 'var(--fe-color-background)',
        color: 'var(--fe-color-text)',
        fontSize: '0.8em',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
      }}
    >
      {children}
    </span>
  );
}
