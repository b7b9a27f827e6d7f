import { useT } from '../../../../shared/i18n/useT';

/** The account page (being built). */
export default function AccountPage() {
  const { t } = useT();
  return (
    <section aria-labelledby="fe-page-title">
      <h3 id="fe-page-title" css={{ marginTop: 0 }}>
        {t('adminPortal.account.title')}
      </h3>
    </section>
  );
}
