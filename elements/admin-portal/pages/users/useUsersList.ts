import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { errorMessage } from '../../../../shared/api/errors';
import {
  teamApi,
  type GroupLite,
  type RoleLite,
  type TeamUser,
  type UsersQuery,
} from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { optionsAtom } from '../../../../shared/options/options.atoms';
import { DEFAULT_USERS_QUERY } from './usersQuery';

export interface UsersListState {
  status: 'loading' | 'ready' | 'failed';
  items: TeamUser[];
  totalItems: number;
  totalPages: number;
  error?: string;
}

const EMPTY: UsersListState = { status: 'loading', items: [], totalItems: 0, totalPages: 0 };

/**
 * One server-side page of the users list (TEAM-008 defaults), and each listed user's roles and groups from
 * their own calls (TEAM-016, TEAM-017). A failed load leaves an empty list and zero pages (TEAM-012). A late
 * answer for an older query is dropped. Rows can be changed in place for optimistic updates (TEAM-003).
 */
export function useUsersList() {
  const { t } = useT();
  const userId = useAtomValue(userAtom)?.id;
  const { preview } = useAtomValue(optionsAtom);
  const loadKey = preview ? 'preview' : userId;
  const [query, setQuery] = useState<UsersQuery>({ ...DEFAULT_USERS_QUERY });
  const [attempt, setAttempt] = useState(0);
  const [list, setList] = useState<UsersListState>(EMPTY);
  const [roles, setRoles] = useState<Record<string, RoleLite[]>>({});
  const [groups, setGroups] = useState<Record<string, GroupLite[]>>({});
  /** Users whose roles are being changed: a roles answer must not overwrite the optimistic value. */
  const pendingRoles = useRef(new Map<string, number>());

  useEffect(() => {
    if (!loadKey) return;
    let live = true;
    setList((current) => ({ ...current, status: 'loading', error: undefined }));
    teamApi.getUsers(query).then(
      async (page) => {
        if (!live) return;
        const items = Array.isArray(page?.items) ? page.items : [];
        setList({
          status: 'ready',
          items,
          totalItems: page?._metadata?.totalItems ?? items.length,
          totalPages: page?._metadata?.totalPages ?? (items.length ? 1 : 0),
        });
        const ids = items.map((u) => u.id);
        if (!ids.length) return;
        const [roleAnswer, groupAnswer] = await Promise.allSettled([
          teamApi.getUsersRoles(ids),
          teamApi.getUsersGroups(ids),
        ]);
        if (!live) return;
        // A failed call leaves the roles and groups the list answer carried.
        if (roleAnswer.status === 'fulfilled' && Array.isArray(roleAnswer.value)) {
          const pending = pendingRoles.current;
          setRoles((current) => {
            const next: Record<string, RoleLite[]> = {};
            for (const id of pending.keys()) if (current[id]) next[id] = current[id];
            for (const entry of roleAnswer.value)
              if (!pending.has(entry.userId)) next[entry.userId] = entry.roles;
            return next;
          });
        }
        if (groupAnswer.status === 'fulfilled' && Array.isArray(groupAnswer.value)) {
          setGroups(Object.fromEntries(groupAnswer.value.map((entry) => [entry.userId, entry.groups])));
        }
      },
      (error: unknown) => {
        if (!live) return;
        setList({
          status: 'failed',
          items: [],
          totalItems: 0,
          totalPages: 0,
          error: errorMessage(error, t('common.genericError')),
        });
      },
    );
    return () => {
      live = false;
    };
    // `t` changes with the locale; the query, the retry count and the signed-in user decide when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey, query, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  /** Sets the query and loads, even when the query is the one already shown. */
  const loadWith = useCallback((change: (current: UsersQuery) => UsersQuery) => {
    setQuery(change);
    setAttempt((n) => n + 1);
  }, []);

  const rolesOf = useCallback((user: TeamUser): RoleLite[] => roles[user.id] ?? user.roles ?? [], [roles]);
  const groupsOf = useCallback(
    (user: TeamUser): GroupLite[] => groups[user.id] ?? user.groups ?? [],
    [groups],
  );

  /** Replaces a row's fields; answers the row as it was, for a rollback. */
  const patchUser = useCallback((id: string, patch: Partial<TeamUser>) => {
    setList((current) => ({
      ...current,
      items: current.items.map((u) => (u.id === id ? { ...u, ...patch } : u)),
    }));
  }, []);

  /** Takes a row out; answers a function that puts it back where it was. */
  const removeUser = useCallback((user: TeamUser): (() => void) => {
    let index = -1;
    setList((current) => {
      index = current.items.findIndex((u) => u.id === user.id);
      return {
        ...current,
        items: current.items.filter((u) => u.id !== user.id),
        totalItems: Math.max(current.totalItems - 1, 0),
      };
    });
    return () =>
      setList((current) => {
        if (current.items.some((u) => u.id === user.id)) return current;
        const items = [...current.items];
        items.splice(index < 0 ? items.length : index, 0, user);
        return { ...current, items, totalItems: current.totalItems + 1 };
      });
  }, []);

  /**
   * TEAM-003: shows the new roles at once and sends them; on failure the previous roles come back (unless a
   * later change of the same user is under way) and the error is thrown to the caller.
   */
  const changeRoles = useCallback(
    async (user: TeamUser, roleIds: string[], available: readonly RoleLite[]): Promise<void> => {
      const previous = roles[user.id] ?? user.roles ?? [];
      const next = roleIds.flatMap((id) => available.filter((r) => r.id === id));
      const token = (pendingRoles.current.get(user.id) ?? 0) + 1;
      pendingRoles.current.set(user.id, token);
      setRoles((current) => ({ ...current, [user.id]: next }));
      const latest = () => pendingRoles.current.get(user.id) === token;
      try {
        await teamApi.updateUserRoles(user.id, roleIds);
        if (latest()) pendingRoles.current.delete(user.id);
      } catch (error) {
        if (latest()) {
          pendingRoles.current.delete(user.id);
          setRoles((current) => ({ ...current, [user.id]: previous }));
        }
        throw error;
      }
    },
    [roles],
  );

  return {
    query,
    setQuery,
    loadWith,
    list,
    reload,
    rolesOf,
    groupsOf,
    patchUser,
    removeUser,
    changeRoles,
  };
}
