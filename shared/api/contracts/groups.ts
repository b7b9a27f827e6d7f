// Groups of a tenant and their configuration (GROUPS-001..013), on the `groups` group of the paths table.
import { z } from 'zod';
import { paths, type ApiPath } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate } from './common';
import { role } from './roles';

/** The relations a group answer carries (ENUM-037, `_groupsRelations`). */
export const groupRelations = z.enum(['roles', 'users', 'rolesAndUsers']);

/** Who manages a group: the portal, or a SCIM directory. */
export const groupManagedBy = z.enum(['frontegg', 'scim2']);

/** A member of a group as the group answers it. */
export const groupUser = z.object({
  id,
  email: z.string(),
  name: z.string(),
  profilePictureUrl: z.string().nullable(),
  activatedForTenant: z.boolean().optional(),
  createdAt: isoDate,
});

/** A group (GROUPS-001): roles and users when the relations ask for them (GROUPS-002). */
export const group = z.object({
  id,
  name: z.string(),
  color: z.string().optional(),
  description: z.string().optional(),
  /** JSON text of an object. */
  metadata: z.string().optional(),
  managedBy: groupManagedBy,
  roles: z.array(role).optional(),
  users: z.array(groupUser).optional(),
  createdAt: isoDate.optional(),
  updatedAt: isoDate.optional(),
});

/** The tenant's group settings (GROUPS-003). */
export const groupConfiguration = z.object({ enabled: z.boolean(), rolesEnabled: z.boolean() });

const ids = (name: string) =>
  z
    .array(z.string().min(1).max(100), { error: `${name} must be a list of ids` })
    .min(1, `${name} must name at least one id`)
    .max(100, `${name} may name at most 100 ids`);

const groupName = z.string().trim().min(1, 'name must not be empty').max(100);
const groupColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'color must be a hex colour such as #5B8DEF');
const groupDescription = z.string().trim().max(1000);
/** Metadata: a JSON object, as its JSON text (Frontegg's form) or as the object. */
const groupMetadata = z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]);

/** The fields of a new group (Frontegg's ICreateGroup, plus roles and members at once). */
export const groupInput = z.object({
  name: groupName,
  color: groupColor.optional(),
  description: groupDescription.optional(),
  metadata: groupMetadata.optional(),
  roleIds: z.array(z.string().min(1).max(100)).max(100).optional(),
  userIds: z.array(z.string().min(1).max(100)).max(100).optional(),
});

export const groupUpdate = z.object({
  name: groupName.optional(),
  color: groupColor.optional(),
  description: groupDescription.optional(),
  metadata: groupMetadata.optional(),
});

const groupIdParam = z.object({ groupId: id });
/** Adds or removes a group's roles or members: a list of ids in, the group out. */
const relation = <K extends 'roleIds' | 'userIds'>(route: ApiPath, key: K) =>
  contract({
    route,
    params: groupIdParam,
    body: z.object({ [key]: ids(key) } as Record<K, ReturnType<typeof ids>>),
    response: group,
  });
const relationsQuery = z.object({ _groupsRelations: groupRelations.optional() });
const groupsAnswer = z.object({ groups: z.array(group) });

export const groupsContracts = {
  getGroupConfiguration: contract({
    route: paths.groups.getGroupConfiguration,
    response: groupConfiguration,
  }),
  updateGroupConfiguration: contract({
    route: paths.groups.updateGroupConfiguration,
    body: groupConfiguration.partial(),
    response: groupConfiguration,
  }),
  getGroups: contract({ route: paths.groups.getGroups, query: relationsQuery, response: groupsAnswer }),
  getGroupsByIds: contract({
    route: paths.groups.getGroupsByIds,
    query: relationsQuery,
    // The page sends `groupsIds` (Frontegg's name); `ids` is taken too.
    body: z
      .object({ groupsIds: ids('groupsIds').optional(), ids: ids('ids').optional() })
      .refine((b) => b.groupsIds || b.ids, 'groupsIds: a list of group ids is required'),
    response: groupsAnswer,
  }),
  getGroupById: contract({
    route: paths.groups.getGroupById,
    params: groupIdParam,
    query: relationsQuery,
    response: group,
  }),
  createGroup: contract({ route: paths.groups.createGroup, body: groupInput, response: group, status: 201 }),
  updateGroup: contract({
    route: paths.groups.updateGroup,
    params: groupIdParam,
    body: groupUpdate,
    response: group,
  }),
  deleteGroup: contract({ route: paths.groups.deleteGroup, params: groupIdParam, response: empty }),
  addRolesToGroup: relation(paths.groups.addRolesToGroup, 'roleIds'),
  deleteRolesFromGroup: relation(paths.groups.deleteRolesFromGroup, 'roleIds'),
  addUsersToGroup: relation(paths.groups.addUsersToGroup, 'userIds'),
  deleteUsersFromGroup: relation(paths.groups.deleteUsersFromGroup, 'userIds'),
} as const;
