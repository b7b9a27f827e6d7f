import type { ReactNode } from 'react';
import { space } from '../../../themes/tokens';

/** A form's fields side by side: as many columns of at least `minWidth` pixels as fit, one on a narrow screen. */
export function FieldColumns({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <div
      css={{
        display: 'grid',
        gap: space.xl,
        gridTemplateColumns: `repeat(auto-fit, minmax(${minWidth}px, 1fr))`,
      }}
    >
      {children}
    </div>
  );
}
