import { keyframes } from '@emotion/react';
import { space } from '../../themes/tokens';

const shimmer = keyframes({ from: { backgroundPosition: '100% 0' }, to: { backgroundPosition: '-100% 0' } });

/** The grey of a placeholder: the border colour, lighter, readable in light and dark themes. */
const base = 'color-mix(in srgb, var(--fe-color-border) 55%, transparent)';
const highlight = 'color-mix(in srgb, var(--fe-color-border) 20%, transparent)';

export interface SkeletonProps {
  /** CSS width (default: the whole line). */
  width?: number | string;
  /** CSS height (default: one line of text). */
  height?: number | string;
  /** `circle` for avatars. */
  shape?: 'line' | 'block' | 'circle';
}

/**
 * A grey placeholder the size of the content it stands for, so nothing moves when the content arrives.
 * Hidden from assistive technology: the container says it is busy (`SkeletonBlock`, DataTable `loading`).
 */
export function Skeleton({ width = '100%', height = '1em', shape = 'line' }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-skeleton
      part="skeleton"
      css={{
        // Inline in a line of text it keeps the line's height (a count beside a title does not jump).
        display: 'inline-block',
        verticalAlign: 'middle',
        width,
        height,
        flex: 'none',
        borderRadius: shape === 'circle' ? '50%' : shape === 'block' ? 'var(--fe-radius)' : 4,
        background: `linear-gradient(90deg, ${base} 25%, ${highlight} 50%, ${base} 75%)`,
        backgroundSize: '200% 100%',
        animation: `${shimmer} 1.4s ease-in-out infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none', background: base },
      }}
    />
  );
}

/** Text only assistive technology reads (the visible part is a placeholder). */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export interface SkeletonBlockProps {
  /** Read by screen readers in place of the placeholder ("Loading…"). */
  label: string;
  /** Lines of text the loading content has (a title bar comes first when `title` is set). */
  lines?: number;
  title?: boolean;
  /** A fixed height for content that is not text (a form, a chart). */
  height?: number | string;
}

/**
 * A loading card or section: a title bar and lines, or one block of a fixed height; announced once as
 * busy through a polite status.
 */
export function SkeletonBlock({ label, lines = 3, title = false, height }: SkeletonBlockProps) {
  return (
    <div
      data-skeleton-block
      aria-busy="true"
      css={{ display: 'grid', gap: space.lg, padding: `${space.md} 0` }}
    >
      <span role="status" css={visuallyHidden}>
        {label}
      </span>
      {title && <Skeleton width="40%" height="1.4em" />}
      {height !== undefined ? (
        <Skeleton height={height} shape="block" />
      ) : (
        Array.from({ length: lines }, (_, i) => (
          // The last line is shorter, as text is.
          <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
        ))
      )}
    </div>
  );
}
