/** The "or" line between a form and another way in (passkeys, social providers); read by screen readers as nothing. */
export function OrDivider({ children }: { children: React.ReactNode }) {
  return (
    <p
      aria-hidden="true"
      css={{
        margin: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 'var(--fe-spacing)',
        color: 'var(--fe-color-text-secondary)',
        '&::before, &::after': { content: '""', flex: 1, borderTop: '1px solid var(--fe-color-border)' },
      }}
    >
      {children}
    </p>
  );
}
