import type { ReactNode } from 'react';

/** A small label beside a name ("Built-in", "Default"); readable in light and dark themes. */
export function Badge({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <span
      part="badge"
      title={title}
      css={{
        display: 'inline-block',
        marginInlineStart: 6,
        padding: '1px 8px',
        borderRadius: 999,
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

/** The row of buttons of a table row. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <div css={{ display: 'flex', gap: 4, justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>{children}</div>
  );
}

/** The heading row of a page: title and intro on one side, the main action on the other. */
export function PageHeader({ title, intro, action }: { title: string; intro: string; action?: ReactNode }) {
  return (
    <div
      css={{
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: 'calc(var(--fe-spacing) * 2)',
        flexWrap: 'wrap',
        marginBottom: 'calc(var(--fe-spacing) * 2)',
      }}
    >
      <div>
        <h3 id="fe-page-title" css={{ margin: '0 0 4px' }}>
          {title}
        </h3>
        <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>{intro}</p>
      </div>
      {action}
    </div>
  );
}
