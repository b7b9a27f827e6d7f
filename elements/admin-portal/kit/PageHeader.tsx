import type { ReactNode } from 'react';
import { space } from '../../../themes/tokens';

export interface PageHeaderProps {
  title: string;
  /** A line under the title: what the page holds, or a count. */
  description: ReactNode;
  /** The page's main buttons, at the end of the row. */
  actions?: ReactNode;
}

/** The heading row of a portal page: title and description on one side, the main actions on the other. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div
      css={{
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: space.xl,
        flexWrap: 'wrap',
      }}
    >
      <div css={{ flex: 1, minWidth: 160 }}>
        <h3 id="fe-page-title" css={{ margin: `0 0 ${space.xs}` }}>
          {title}
        </h3>
        <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>{description}</p>
      </div>
      {actions && <div css={{ display: 'flex', gap: space.md, flexWrap: 'wrap' }}>{actions}</div>}
    </div>
  );
}
