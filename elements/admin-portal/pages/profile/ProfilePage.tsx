import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { profileApi, type Profile } from '../../../../shared/api/profile';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, SkeletonBlock } from '../../../../shared/ui';
import { Subsection } from '../../PageParts';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PictureSection } from './PictureSection';
import { ProfileForm } from './ProfileForm';
import { loadWithRetries } from './profileLoad';

type ProfileState =
  { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'failed'; error: string };

/** The signed-in user's profile (PROFILE-001..004): picture, personal details, password. */
export default function ProfilePage() {
  const { t } = useT();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const setUser = useSetAtom(userAtom);
  const user = useAtomValue(userAtom);
  const roles = user?.roles ?? [];

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    // PROFILE-003: a failed load is tried again 3 times, 2000 ms apart, before the error shows.
    loadWithRetries(() => profileApi.getProfile(), { isLive: () => live }).then(
      (profile) => live && setState({ status: 'ready', profile }),
      (error: unknown) =>
        live && setState({ status: 'failed', error: errorMessage(error, t('common.genericError')) }),
    );
    return () => {
      live = false;
    };
    // Loaded once per page (the page remounts for another user or tenant) and on "try again".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  /** A saved profile: the page and the session's user show the new values. */
  const onSaved = useCallback(
    (profile: Profile) => {
      setState({ status: 'ready', profile });
      setUser((user) =>
        user ? { ...user, name: profile.name, profilePictureUrl: profile.profilePictureUrl ?? null } : user,
      );
    },
    [setUser],
  );

  return (
    <section aria-labelledby="fe-page-title" data-page-content="profile">
      <h3 id="fe-page-title" css={{ marginTop: 0 }}>
        {t('adminPortal.profile.title')}
      </h3>
      {state.status === 'loading' && (
        <div css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
          {/* Who is signed in shows at once; the rest of the profile follows its load. */}
          {user && <PictureSection profile={{ ...user }} />}
          <SkeletonBlock label={t('common.loading')} title height={240} />
        </div>
      )}
      {state.status === 'failed' && (
        <Alert
          severity="error"
          action={{ label: t('adminPortal.form.retry'), onClick: () => setAttempt((n) => n + 1) }}
        >
          {t('adminPortal.form.loadFailed', { error: state.error })}
        </Alert>
      )}
      {state.status === 'ready' && (
        <div css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 3)' }}>
          <PictureSection
            profile={state.profile}
            onUploaded={(url) => onSaved({ ...state.profile, profilePictureUrl: url })}
          />
          <Subsection title={t('adminPortal.profile.details')} id="fe-profile-details">
            <ProfileForm profile={state.profile} roles={roles.map((r) => r.name)} onSaved={onSaved} />
          </Subsection>
          <Subsection title={t('adminPortal.profile.password')} id="fe-profile-password">
            <ChangePasswordForm />
          </Subsection>
        </div>
      )}
    </section>
  );
}
