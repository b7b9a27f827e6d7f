import { lazy, Suspense } from 'react';
import type { ElementBaseProps } from '../../shared/element/defineElement';
import { useT } from '../../shared/i18n/useT';
import { Spinner } from '../../shared/ui';

// The portal itself is a separate chunk: pages that only show the login box never download it.
const PortalApp = lazy(() => import('./PortalApp'));

/** The React root of `<fe-admin-portal>`: a light shell that loads the portal code on demand. */
export function AdminPortal(_props: ElementBaseProps) {
  const { t } = useT();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <PortalApp />
    </Suspense>
  );
}
