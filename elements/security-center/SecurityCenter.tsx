import { useAtomValue } from 'jotai';
import type { ElementBaseProps } from '../../shared/element/defineElement';
import { navigate } from '../../shared/options/location';
import { DEFAULT_PORTAL_ROUTE } from '../../shared/options/options';
import { optionsAtom } from '../../shared/options/options.atoms';
import { Card, ToastProvider } from '../../shared/ui';
import type { FixPage } from './model';
import { SecurityCenterView } from './SecurityCenterView';

/** The app path of a portal page: the portal's route (`portal.route`, default /admin-box) and the page. */
export const portalPagePath = (route: string | undefined, page: FixPage): string =>
  `${(route ?? DEFAULT_PORTAL_ROUTE).replace(/\/+$/, '')}/${page}`;

/**
 * The React root of `<fe-security-center>`: the security center in a card. A recommendation fixed on a portal
 * page goes there through a cancelable `fe-navigate` from the element (a host's router may take over).
 */
export function SecurityCenter({ container }: ElementBaseProps) {
  const { portal } = useAtomValue(optionsAtom);
  const host = container.host;
  return (
    <ToastProvider>
      <Card>
        <SecurityCenterView
          onOpenPage={(page) => navigate(portalPagePath(portal?.route, page), { from: host })}
        />
      </Card>
    </ToastProvider>
  );
}
