import { useAtomValue } from 'jotai';
import { userAtom } from '../../../shared/auth/session.atoms';
import { useT } from '../../../shared/i18n/useT';

/** The signed-in user's profile (read view; editing comes with the profile issue). */
export default function ProfilePage() {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  if (!user) return null;
  const rows: [string, string][] = [
    [t('adminPortal.profile.name'), user.name],
    [t('adminPortal.profile.email'), user.email],
    [t('adminPortal.profile.tenant'), user.tenantId],
    [
      t('adminPortal.profile.roles'),
      user.roles.map((r) => r.name).join(', ') || t('adminPortal.profile.notSet'),
    ],
  ];
  return (
    <section aria-labelledby="fe-profile-title">
      <h3 id="fe-profile-title" css={{ marginTop: 0 }}>
        {t('adminPortal.profile.title')}
      </h3>
      <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 24px', margin: 0 }}>
        {rows.map(([label, value]) => (
          <div key={label} css={{ display: 'contents' }}>
            <dt css={{ color: 'var(--fe-color-text-secondary)' }}>{label}</dt>
            <dd css={{ margin: 0 }} data-field={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
