// Compile-time proof (tsc, `npm run typecheck`) that our answers carry every field Frontegg's published
// client declares as required (`@frontegg/rest-api` 7.119.0, a dev dependency; types only, nothing runs).
// A family adds a line per answer type; a field lost from a contract fails the type check.
import type { IRole, IRolePermission, IRolePermissionCategory } from '@frontegg/rest-api';
import type { AnswerOf, CarriesRequired } from './contract';
import type { rolesContracts as roles } from './roles';

type Item<T> = T extends readonly (infer U)[] ? U : T;
type Check<Ours, Theirs> = CarriesRequired<Item<Ours>, Theirs>;

export const carried = {
  // roles
  role: true satisfies Check<AnswerOf<typeof roles.getRoles>, IRole>,
  permission: true satisfies Check<AnswerOf<typeof roles.getPermissions>, IRolePermission>,
  permissionCategory: true satisfies Check<
    AnswerOf<typeof roles.getPermissionCategories>,
    IRolePermissionCategory
  >,
} as const;
