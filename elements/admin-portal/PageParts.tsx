import type { ReactNode } from 'react';
import { useT } from '../../shared/i18n/useT';
import { Button } from '../../shared/ui';
import { space } from '../../themes/tokens';

/** A titled part of a page. */
export function Subsection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      css={{ borderTop: '1px solid var(--fe-color-border)', paddingTop: space.xl }}
    >
      <h4 id={id} css={{ margin: `0 0 ${space.xl}`, fontSize: '1.05em' }}>
        {title}
      </h4>
      {children}
    </section>
  );
}

/** A primary submit button that says when it is busy. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useT();
  return (
    <Button type="submit" disabled={busy}>
      {busy ? t('adminPortal.form.saving') : children}
    </Button>
  );
}
