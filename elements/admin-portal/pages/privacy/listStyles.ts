import { size, space } from '../../../../themes/tokens';

/** The privacy page's lists (passkeys, phone numbers): one bordered row per item, no bullets. */
export const listCss = { margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: space.xs } as const;
export const rowCss = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: space.md,
  flexWrap: 'wrap',
  borderBottom: '1px solid var(--fe-color-border)',
  padding: `${space.xs} 0`,
} as const;

/** A small pill beside an item ("Verified", "This device"); each use adds its border. */
export const pillCss = {
  padding: `1px ${space.md}`,
  borderRadius: size.radiusPill,
  fontSize: '0.8em',
  fontWeight: 600,
  color: 'var(--fe-color-text)',
} as const;
