import { space } from '../../themes/tokens';

/** The look every form control shares (inputs, selects, text areas), so they line up in one form. */

/** A field: its label, the control and its error one under the other. */
export const fieldCss = { display: 'flex', flexDirection: 'column', gap: space.xs } as const;

export const fieldLabelCss = { fontWeight: 600, fontSize: '0.9em' } as const;

/** The control itself; its border turns to the error colour when the value is invalid. */
export const controlCss = (invalid: boolean) =>
  ({
    font: 'inherit',
    padding: space.md,
    borderRadius: 'var(--fe-radius)',
    border: `1px solid ${invalid ? 'var(--fe-color-error)' : 'var(--fe-color-border)'}`,
    background: 'var(--fe-color-background)',
    color: 'var(--fe-color-text)',
    '&:focus-visible': { outline: '2px solid var(--fe-color-primary)', outlineOffset: 1 },
  }) as const;

export const fieldErrorCss = { color: 'var(--fe-color-error)', fontSize: '0.85em' } as const;
