import { lazy, Suspense } from 'react';
import type { ElementBaseProps } from '../../shared/element/defineElement';
import { useT } from '../../shared/i18n/useT';
import { SkeletonBlock } from '../../shared/ui';
import { portalLayout, useHostAttribute } from './portalHost';

// The portal itself is a separate chunk: pages that only show the login box never download it.
const PortalApp = lazy(() => import('./PortalApp'));

/** The React root of `<fe-admin-portal>`: a light shell that loads the portal code on demand. */
export function AdminPortal({ container }: ElementBaseProps) {
  const { t } = useT();
  const host = container.host as HTMLElement;
  // A closed modal portal shows nothing while its code loads.
  const modal = portalLayout(useHostAttribute(host, 'layout')) === 'modal';
  const open = useHostAttribute(host, 'open') !== null;
  const hidden = modal && !open;
  return (
    <Suspense fallback={hidden ? null : <SkeletonBlock label={t('common.loading')} title lines={8} />}>
      <PortalApp host={host} />
    </Suspense>
  );
}
