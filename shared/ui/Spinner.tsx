import { keyframes } from '@emotion/react';
import { space } from '../../themes/tokens';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** A busy indicator with a text for screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      part="spinner"
      css={{ display: 'flex', alignItems: 'center', gap: space.md, padding: space.md }}
    >
      <span
        aria-hidden="true"
        css={{
          width: 18,
          height: 18,
          borderRadius: '50%',
          border: '2px solid var(--fe-color-border)',
          borderTopColor: 'var(--fe-color-primary)',
          animation: `${spin} 0.8s linear infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
      <span>{label}</span>
    </div>
  );
}
