import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { profileApi, type Profile } from '../../../../shared/api/profile';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { useT } from '../../../../shared/i18n/useT';
import { SkeletonBlock } from '../../../../shared/ui';
import { Subsection } from '../../PageParts';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PictureSection } from './PictureSection';
import { ProfileForm } from './ProfileForm';
import { loadWithRetries } from './profileLoad';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';
import { useLoad } from '../../kit/useLoad';

/** The signed-in user's profile (PROFILE-001..004): picture, personal details, password. */
export default function ProfilePage() {
  const { t } = useT();
  // PROFILE-003: a failed load is tried again 3 times, 2000 ms apart, before the error shows.
  const { state, reload, setData } = useLoad((live) =>
    loadWithRetries(() => profileApi.getProfile(), { isLive: live }),
  );
  const setUser = useSetAtom(userAtom);
  const user = useAtomValue(userAtom);
  const roles = user?.roles ?? [];

  /** A saved profile: the page and the session's user show the new values. */
  const onSaved = useCallback(
    (profile: Profile) => {
      setData(profile);
      setUser((user) =>
        user ? { ...user, name: profile.name, profilePictureUrl: profile.profilePictureUrl ?? null } : user,
      );
    },
    [setData, setUser],
  );

  return (
    <section aria-labelledby="fe-page-title" data-page-content="profile">
      <h3 id="fe-page-title" css={{ marginTop: 0 }}>
        {t('adminPortal.profile.title')}
      </h3>
      {state.status === 'loading' && (
        <div css={{ display: 'grid', gap: space.xl }}>
          {/* Who is signed in shows at once; the rest of the profile follows its load. */}
          {user && <PictureSection profile={{ ...user }} />}
          <SkeletonBlock label={t('common.loading')} title height={240} />
        </div>
      )}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'ready' && (
        <div css={{ display: 'grid', gap: space['2xl'] }}>
          <PictureSection
            profile={state.data}
            onUploaded={(url) => onSaved({ ...state.data, profilePictureUrl: url })}
          />
          <Subsection title={t('adminPortal.profile.details')} id="fe-profile-details">
            <ProfileForm profile={state.data} roles={roles.map((r) => r.name)} onSaved={onSaved} />
          </Subsection>
          <Subsection title={t('adminPortal.profile.password')} id="fe-profile-password">
            <ChangePasswordForm />
          </Subsection>
        </div>
      )}
    </section>
  );
}
