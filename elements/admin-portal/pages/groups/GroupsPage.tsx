import { useT } from '../../../../shared/i18n/useT';

/** The groups page (being built). */
export default function GroupsPage() {
  const { t } = useT();
  return (
    <section aria-labelledby="fe-page-title">
      <h3 id="fe-page-title" css={{ marginTop: 0 }}>
        {t('adminPortal.groups.title')}
      </h3>
    </section>
  );
}
