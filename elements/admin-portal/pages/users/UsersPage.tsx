import { useT } from '../../../../shared/i18n/useT';

/** The users page (being built). */
export default function UsersPage() {
  const { t } = useT();
  return (
    <section aria-labelledby="fe-page-title">
      <h3 id="fe-page-title" css={{ marginTop: 0 }}>
        {t('adminPortal.users.title')}
      </h3>
    </section>
  );
}
