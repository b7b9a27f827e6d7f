import { useCallback, useState } from 'react';
import type { OperationState } from '../../../../shared/api/operation';
import {
  teamApi,
  type GroupLite,
  type RoleLite,
  type TeamUser,
  type UsersQuery,
} from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { useOptimistic } from '../../kit/useOptimistic';
import { useServerList } from '../../kit/useServerList';
import { columnOfSortField, DEFAULT_USERS_QUERY, SEARCH_DEBOUNCE_MS, sortFieldOf } from './usersQuery';

/**
 * One server-side page of the users list (TEAM-008 defaults), and each listed user's roles and groups from
 * their own calls (TEAM-016, TEAM-017). A failed load leaves an empty list and zero pages (TEAM-012). A late
 * answer for an older query is dropped. Rows can be changed in place for optimistic updates (TEAM-003).
 */
export function useUsersList() {
  const { t } = useT();
  const [roles, setRoles] = useState<Record<string, RoleLite[]>>({});
  const [groups, setGroups] = useState<Record<string, GroupLite[]>>({});
  /** Role changes under way: a roles answer must not overwrite the optimistic value. */
  const roleChanges = useOptimistic();

  const loadRolesAndGroups = async (items: TeamUser[], live: () => boolean) => {
    const ids = items.map((u) => u.id);
    if (!ids.length) return;
    const [roleAnswer, groupAnswer] = await Promise.allSettled([
      teamApi.getUsersRoles(ids),
      teamApi.getUsersGroups(ids),
    ]);
    if (!live()) return;
    // A failed call leaves the roles and groups the list answer carried.
    if (roleAnswer.status === 'fulfilled' && Array.isArray(roleAnswer.value)) {
      setRoles((current) => {
        const next: Record<string, RoleLite[]> = {};
        for (const [id, kept] of Object.entries(current)) if (roleChanges.pending(id)) next[id] = kept;
        for (const entry of roleAnswer.value)
          if (!roleChanges.pending(entry.userId)) next[entry.userId] = entry.roles;
        return next;
      });
    }
    if (groupAnswer.status === 'fulfilled' && Array.isArray(groupAnswer.value)) {
      setGroups(Object.fromEntries(groupAnswer.value.map((entry) => [entry.userId, entry.groups])));
    }
  };

  const users = useServerList<TeamUser, UsersQuery>({
    initialQuery: DEFAULT_USERS_QUERY,
    fetchPage: (query) => teamApi.getUsers(query),
    onPage: (items, live) => void loadRolesAndGroups(items, live),
    sortFieldOf,
    columnOfSortField,
    searchDebounceMs: SEARCH_DEBOUNCE_MS,
  });

  const rolesOf = useCallback((user: TeamUser): RoleLite[] => roles[user.id] ?? user.roles ?? [], [roles]);
  const groupsOf = useCallback(
    (user: TeamUser): GroupLite[] => groups[user.id] ?? user.groups ?? [],
    [groups],
  );

  /**
   * TEAM-003: shows the new roles at once and sends them; on failure the previous roles come back (unless a
   * later change of the same user is under way) and the error goes to `state`.
   */
  const changeRoles = (
    user: TeamUser,
    roleIds: string[],
    available: readonly RoleLite[],
    state: OperationState,
  ) => {
    const previous = rolesOf(user);
    const next = roleIds.flatMap((id) => available.filter((r) => r.id === id));
    return roleChanges.run(
      user.id,
      {
        apply: () => setRoles((current) => ({ ...current, [user.id]: next })),
        rollback: () => setRoles((current) => ({ ...current, [user.id]: previous })),
        call: () => teamApi.updateUserRoles(user.id, roleIds),
      },
      state,
      t('common.genericError'),
    );
  };

  return { ...users, rolesOf, groupsOf, changeRoles };
}
