import { space } from '../../../themes/tokens';

/** A bordered region of a page (a plan, a card, a meter): the surface colour, the theme's radius and spacing. */
export const regionCss = {
  display: 'grid',
  gap: space.md,
  padding: space.xl,
  border: '1px solid var(--fe-color-border)',
  borderRadius: 'var(--fe-radius)',
  background: 'var(--fe-color-surface)',
} as const;
