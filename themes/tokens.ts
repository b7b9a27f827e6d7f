/**
 * Semantic size tokens: spacing steps, the padding of a control and the pill radius. Each one is a CSS custom
 * property derived from the theme's spacing unit (`--fe-spacing`) and declared on every element's host next
 * to the theme's variables, so a host page that changes the spacing scales every gap, padding and margin.
 * Components write `space.lg` (`var(--fe-space-lg)`), never raw pixels or `calc(var(--fe-spacing) * N)`.
 */
const spaceSteps = {
  '2xs': 0.25,
  xs: 0.5,
  sm: 0.75,
  md: 1,
  lg: 1.5,
  xl: 2,
  '2xl': 3,
} as const;

export type SpaceStep = keyof typeof spaceSteps;

const unit = (factor: number) => (factor === 1 ? 'var(--fe-spacing)' : `calc(var(--fe-spacing) * ${factor})`);

/** The declarations of the derived tokens, for the host rule that also holds the theme's variables. */
export const tokenVars: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(
    Object.entries(spaceSteps).map(([step, factor]) => [`--fe-space-${step}`, unit(factor)]),
  ),
  // A button's and a field's block padding, between the `md` and `lg` steps.
  '--fe-control-padding-block': unit(1.25),
  '--fe-radius-pill': '999px',
});

/** `var(--fe-space-<step>)`: 2xs 2px, xs 4px, sm 6px, md 8px, lg 12px, xl 16px, 2xl 24px at the default unit. */
export const space = Object.freeze(
  Object.fromEntries(Object.keys(spaceSteps).map((step) => [step, `var(--fe-space-${step})`])),
) as Readonly<{ [Step in SpaceStep]: `var(--fe-space-${Step})` }>;

/** Sizes of controls: the block padding of buttons and fields, the radius of a pill (badges, counters). */
export const size = Object.freeze({
  controlPaddingBlock: 'var(--fe-control-padding-block)',
  radiusPill: 'var(--fe-radius-pill)',
} as const);
