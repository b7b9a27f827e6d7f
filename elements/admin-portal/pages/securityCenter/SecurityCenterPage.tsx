import { useAtomValue } from 'jotai';
import { useT } from '../../../../shared/i18n/useT';
import { Alert } from '../../../../shared/ui';
import { SecurityCenterView } from '../../../security-center/SecurityCenterView';
import { PortalPage } from '../../kit/PortalPage';
import { permissionKeysAtom, selectPage } from '../../portal.atoms';
import { pageAccess } from '../controls';

/**
 * The security center inside the portal (SCREEN-069): the same view as `<fe-security-center>`, for readers of
 * the security policies. A recommendation fixed on another page opens it in the portal.
 */
export default function SecurityCenterPage() {
  const { t } = useT();
  const granted = useAtomValue(permissionKeysAtom);
  const { read: canRead } = pageAccess('security', granted);
  return (
    <PortalPage
      data-page="securityCenter"
      data-page-content="securityCenter"
      title={t('securityCenter.title')}
      description={t('securityCenter.intro')}
    >
      {!canRead ? (
        <Alert severity="info">{t('adminPortal.shell.noAccess')}</Alert>
      ) : (
        <SecurityCenterView
          showTitle={false}
          onOpenPage={(page, from) => selectPage(page, (from.getRootNode() as ShadowRoot).host ?? document)}
        />
      )}
    </PortalPage>
  );
}
