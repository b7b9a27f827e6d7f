import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { applicationsApi, type Application } from '../../../../shared/api/applications';
import { errorMessage } from '../../../../shared/api/errors';
import type { TeamUser } from '../../../../shared/api/team';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { useT } from '../../../../shared/i18n/useT';
import { optionsAtom } from '../../../../shared/options/options.atoms';

export type ApplicationsState =
  | { status: 'off' | 'loading'; list: Application[] }
  | { status: 'ready'; list: Application[] }
  | { status: 'failed'; list: Application[]; error: string };

/**
 * Multi-app administration on the users page (TEAM-021, TEAM-023): only when `enabled` (the fe-multi-apps
 * flag), the vendor's applications once, and the applications of the listed users (users-apps, by the page's
 * user ids) whenever the page changes. A failed users-apps call leaves what the users answer carried.
 */
export function useUserApplications(enabled: boolean, users: readonly TeamUser[]) {
  const { t } = useT();
  const userId = useAtomValue(userAtom)?.id;
  const { preview } = useAtomValue(optionsAtom);
  const loadKey = preview ? 'preview' : userId;
  const [apps, setApps] = useState<ApplicationsState>({ status: 'off', list: [] });
  const [byUser, setByUser] = useState<Record<string, string[]>>({});
  /** When each user's applications were last changed here: an older users-apps answer must not undo it. */
  const changes = useRef({ seq: 0, byUser: new Map<string, number>() });

  useEffect(() => {
    if (!enabled || !loadKey) {
      setApps({ status: 'off', list: [] });
      return;
    }
    let live = true;
    setApps({ status: 'loading', list: [] });
    applicationsApi.getApplications().then(
      (list) => live && setApps({ status: 'ready', list: Array.isArray(list) ? list : [] }),
      (err: unknown) =>
        live && setApps({ status: 'failed', list: [], error: errorMessage(err, t('common.genericError')) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in user while the flag is on
  }, [enabled, loadKey]);

  const idsKey = users.map((u) => u.id).join(',');
  useEffect(() => {
    if (!enabled || !idsKey) return;
    let live = true;
    const asked = changes.current.seq;
    applicationsApi.getUsersApplicationIds(idsKey.split(',')).then(
      (answer) => {
        if (!live || !Array.isArray(answer)) return;
        const fresh = answer.filter((entry) => (changes.current.byUser.get(entry.userId) ?? -1) < asked);
        setByUser((current) => ({
          ...current,
          ...Object.fromEntries(fresh.map((entry) => [entry.userId, entry.appIds ?? []])),
        }));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled, idsKey]);

  /** The ids of the applications a user may use: the users-apps answer, else the user answer's own list. */
  const appIdsOf = useCallback(
    (user: TeamUser): string[] =>
      byUser[user.id] ?? (Array.isArray(user.applications) ? (user.applications as string[]) : []),
    [byUser],
  );

  /** The applications a user may use, in the order of the applications list. */
  const applicationsOf = useCallback(
    (user: TeamUser): Application[] => {
      const ids = appIdsOf(user);
      return apps.list.filter((app) => ids.includes(app.id));
    },
    [apps.list, appIdsOf],
  );

  /** Changes a user's application ids from their current value (concurrent changes do not undo each other). */
  const updateUserApps = useCallback((user: TeamUser, update: (current: string[]) => string[]) => {
    changes.current.byUser.set(user.id, changes.current.seq++);
    setByUser((current) => ({
      ...current,
      [user.id]: update(
        current[user.id] ?? (Array.isArray(user.applications) ? (user.applications as string[]) : []),
      ),
    }));
  }, []);

  return { enabled, apps, appIdsOf, applicationsOf, updateUserApps };
}
