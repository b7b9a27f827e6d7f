import { useT } from '../../../../shared/i18n/useT';

/** The roles page (being built). */
export default function RolesPage() {
  const { t } = useT();
  return (
    <section aria-labelledby="fe-page-title">
      <h3 id="fe-page-title" css={{ marginTop: 0 }}>
        {t('adminPortal.roles.title')}
      </h3>
    </section>
  );
}
