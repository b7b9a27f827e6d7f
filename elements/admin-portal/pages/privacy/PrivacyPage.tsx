import { useT } from '../../../../shared/i18n/useT';

/** The privacy page (being built). */
export default function PrivacyPage() {
  const { t } = useT();
  return (
    <section aria-labelledby="fe-page-title">
      <h3 id="fe-page-title" css={{ marginTop: 0 }}>
        {t('adminPortal.privacy.title')}
      </h3>
    </section>
  );
}
