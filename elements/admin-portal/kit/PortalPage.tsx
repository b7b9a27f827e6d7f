import type { ReactNode } from 'react';
import { space } from '../../../themes/tokens';
import { PageHeader, type PageHeaderProps } from './PageHeader';

export interface PortalPageProps extends PageHeaderProps {
  /** The page's data is loading (`aria-busy`). */
  busy?: boolean;
  children: ReactNode;
  /** Markers hosts and tests select the page by, e.g. `data-page="roles"`. */
  [data: `data-${string}`]: string | boolean | undefined;
}

/** A portal page: the header, then its parts one under the other at the page's rhythm. */
export function PortalPage({ title, description, actions, busy, children, ...data }: PortalPageProps) {
  return (
    <section
      aria-labelledby="fe-page-title"
      aria-busy={busy}
      css={{ display: 'grid', gap: space.xl }}
      {...data}
    >
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </section>
  );
}
