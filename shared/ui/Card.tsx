import type { ReactNode } from 'react';
import { space } from '../../themes/tokens';

/** A surface around content; with `width` it keeps that width on every screen (never wider than its room). */
export function Card({ children, width }: { children: ReactNode; width?: number | string }) {
  return (
    <section
      part="card"
      css={{
        background: 'var(--fe-color-surface)',
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'calc(var(--fe-radius) * 2)',
        padding: space['2xl'],
        width,
        maxWidth: '100%',
        boxShadow: '0 1px 3px rgb(0 0 0 / 0.08)',
      }}
    >
      {children}
    </section>
  );
}
