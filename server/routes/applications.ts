// Multi-app administration (TEAM-021..023): the vendor's applications and which users of a tenant may use
// them. A FREE_ACCESS application is open to every user (TEAM-021): it is never assigned, and every per-user
// answer lists it. A MANAGED_ACCESS application is open to the users assigned to it in the tenant.
//
// Answers:
// - per user (`{userId}/apps`, `users-apps`, the user view's `applications`): every application the user may
//   use in the caller's tenant, FREE_ACCESS ones included;
// - per application (`apps-users`, `userIds` of the applications list): the users explicitly assigned in the
//   caller's tenant, members only. A FREE_ACCESS application answers [] there: its accessType already says
//   that everyone may use it, and a list of every user of a large tenant is not an answer.
// Only users of the caller's tenant are ever read or changed; another tenant's user id is an unknown user.
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { applicationsContracts as ac } from '../../shared/api/contracts/applications';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { paths } from '../../shared/api/paths';
import { apiError, readBody } from '../context';
import {
  accessTypeOf,
  applicationIdsOfUsers,
  assignments,
  FREE_ACCESS,
  MANAGED_ACCESS,
  vendorApplications,
  type AppRow,
} from '../applications/access';
import { applications, applicationUsers } from '../db/schema';
import { findMember, membersAmong } from '../tenants/members';
import { readQuery } from '../signup/validation';
import { endpoint, type Endpoint, defineFamily } from './endpoints';

const READ = 'fe.secure.read.users';
const WRITE = 'fe.secure.write.users';

/** An application as the API answers it (TEAM-021: id, accessType, userIds; Frontegg's IApplicationsResponse). */
type ApplicationView = AnswerOf<typeof ac.getApplicationsData>[number];

const OWN_TENANT = "users of the caller's tenant only; another tenant's user is a 404";

/** Routes of multi-app administration, with the permission each requires. */
export const applicationsEndpointsByName = {
  getApplicationsData: endpoint(paths.applications.getApplicationsData, READ),
  getTenantsApplications: endpoint(paths.applications.getTenantsApplications, READ),
  getTenantsApplicationsV2: endpoint(paths.applications.getTenantsApplicationsV2, READ),
  getUserApplicationsId: endpoint(paths.applications.getUserApplicationsId, READ, OWN_TENANT),
  getUsersApplicationsId: endpoint(paths.applications.getUsersApplicationsId, READ, OWN_TENANT),
  getUsersOfApplications: endpoint(paths.applications.getUsersOfApplications, READ),
  assignUserToApplications: endpoint(
    paths.applications.assignUserToApplications,
    WRITE,
    `${OWN_TENANT}; MANAGED_ACCESS applications only`,
  ),
  unassignUserFromApplications: endpoint(
    paths.applications.unassignUserFromApplications,
    WRITE,
    `${OWN_TENANT}; MANAGED_ACCESS applications only`,
  ),
} as const;

export const applicationsEndpoints: Endpoint[] = Object.values(applicationsEndpointsByName);

// ---------------------------------------------------------------------------------------------------------
// Input

const idsParam = (name: string) =>
  z
    .string({ message: `A comma-joined list of ${name} is required` })
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.string().min(1).max(100))
        .min(1, `At least one of ${name} is required`)
        .max(200, `At most 200 ${name}`),
    );

/** `userIds` (the Frontegg name) or `ids`. */
const usersQuery = ac.getUsersApplicationsId.query
  .transform((q) => q.userIds ?? q.ids)
  .pipe(idsParam('userIds'));
/** `appIds` (the Frontegg name) or `ids`. */
const appsQuery = ac.getUsersOfApplications.query
  .transform((q) => q.appIds ?? q.ids)
  .pipe(idsParam('appIds'));
const applicationsDataQuery = ac.getApplicationsData.query;

/** The body of an assignment: one user, the applications (deduplicated); a tenantId in it is ignored. */
const assignmentBody = ac.assignUserToApplications.body.transform((b) => ({
  ...b,
  appIds: [...new Set(b.appIds)],
}));

// ---------------------------------------------------------------------------------------------------------
// Routes

export const applicationsRoutes = defineFamily(applicationsEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;

  async function views(tenantId: string, rows: AppRow[]): Promise<ApplicationView[]> {
    const managed = rows.filter((r) => accessTypeOf(r) === MANAGED_ACCESS).map((r) => r.id);
    const links = await assignments(db, tenantId, { appIds: managed });
    // Fields this server does not keep answer as Frontegg's defaults: active, login on the app, no logo.
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      accessType: accessTypeOf(r),
      appURL: r.appUrl,
      loginURL: r.appUrl,
      logoURL: '',
      isDefault: r.isDefault,
      isActive: true,
      type: 'web',
      frontendStack: 'react',
      description: '',
      vendorId: r.vendorId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.createdAt.toISOString(),
      integrationFinishedAt: null,
      userIds: links.filter((l) => l.applicationId === r.id).map((l) => l.userId),
    }));
  }

  /** A member of the tenant; any other id is a 404 (another tenant's user is never revealed). */
  const member = (tenantId: string, userId: string) => findMember(db, vendorId, tenantId, userId);

  /** The vendor's applications named, which must exist and be MANAGED_ACCESS. */
  async function managedApplications(ids: string[]): Promise<AppRow[]> {
    const rows = await db
      .select()
      .from(applications)
      .where(and(eq(applications.vendorId, vendorId), inArray(applications.id, ids)));
    if (rows.length !== ids.length) throw apiError(404, 'Application not found');
    const free = rows.filter((r) => accessTypeOf(r) === FREE_ACCESS);
    if (free.length)
      throw apiError(
        400,
        `${free.map((r) => r.name).join(', ')}: FREE_ACCESS applications are open to every user and cannot be assigned`,
      );
    return rows;
  }

  on(e.getApplicationsData, async (c) => {
    const q = readQuery(c, applicationsDataQuery);
    const wanted = (q.appIds ?? q.ids)
      ?.split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    let rows = await vendorApplications(db, vendorId);
    if (wanted?.length) rows = rows.filter((r) => wanted.includes(r.id));
    if ((q._includeFreeAccess ?? q.includeFreeAccess) === 'false')
      rows = rows.filter((r) => accessTypeOf(r) !== FREE_ACCESS);
    return c.json(
      (await views(c.get('auth').tenantId, rows)) satisfies AnswerOf<typeof ac.getApplicationsData>,
    );
  });

  // Every tenant of the vendor may use every application of the vendor (no per-tenant assignment is stored).
  on(e.getTenantsApplications, async (c) => {
    const rows = await vendorApplications(db, vendorId);
    return c.json([{ tenantId: c.get('auth').tenantId, appIds: rows.map((r) => r.id) }] satisfies AnswerOf<
      typeof ac.getTenantsApplications
    >);
  });
  on(e.getTenantsApplicationsV2, async (c) => {
    const rows = await vendorApplications(db, vendorId);
    return c.json([
      {
        tenantId: c.get('auth').tenantId,
        assignments: rows.map((r) => ({ appId: r.id, accessType: accessTypeOf(r) })),
      },
    ] satisfies AnswerOf<typeof ac.getTenantsApplicationsV2>);
  });

  on(e.getUserApplicationsId, async (c) => {
    const { tenantId } = c.get('auth');
    const userId = c.req.param('userId') ?? '';
    await member(tenantId, userId);
    const ids: AnswerOf<typeof ac.getUserApplicationsId> =
      (await applicationIdsOfUsers(db, vendorId, tenantId, [userId])).get(userId) ?? [];
    return c.json(ids);
  });

  on(e.getUsersApplicationsId, async (c) => {
    const { tenantId } = c.get('auth');
    const ids = readQuery(c, usersQuery);
    const members = await membersAmong(db, vendorId, tenantId, ids);
    const known = ids.filter((id) => members.has(id));
    const byUser = await applicationIdsOfUsers(db, vendorId, tenantId, known);
    return c.json(
      known.map((userId) => ({ userId, appIds: byUser.get(userId) ?? [] })) satisfies AnswerOf<
        typeof ac.getUsersApplicationsId
      >,
    );
  });

  on(e.getUsersOfApplications, async (c) => {
    const { tenantId } = c.get('auth');
    const ids = readQuery(c, appsQuery);
    const rows = (await vendorApplications(db, vendorId)).filter((r) => ids.includes(r.id));
    return c.json(
      (await views(tenantId, rows)).map((v) => ({ appId: v.id, userIds: v.userIds })) satisfies AnswerOf<
        typeof ac.getUsersOfApplications
      >,
    );
  });

  /** The answer of an assignment change: the user's applications now. */
  const appsOf = async (
    tenantId: string,
    userId: string,
  ): Promise<AnswerOf<typeof ac.assignUserToApplications>> => ({
    userId,
    appIds: (await applicationIdsOfUsers(db, vendorId, tenantId, [userId])).get(userId) ?? [],
  });

  on(e.assignUserToApplications, async (c) => {
    const { tenantId } = c.get('auth');
    const body = await readBody(c, assignmentBody);
    await member(tenantId, body.userId);
    const apps = await managedApplications(body.appIds);
    await db
      .insert(applicationUsers)
      .values(apps.map((a) => ({ applicationId: a.id, userId: body.userId, tenantId })))
      .onConflictDoNothing();
    await c.var.audit({
      action: 'User assigned to applications',
      json: { userId: body.userId, appIds: apps.map((a) => a.id) },
    });
    return c.json(await appsOf(tenantId, body.userId), 201);
  });

  on(e.unassignUserFromApplications, async (c) => {
    const { tenantId } = c.get('auth');
    const body = await readBody(c, assignmentBody);
    await member(tenantId, body.userId);
    const apps = await managedApplications(body.appIds);
    await db.delete(applicationUsers).where(
      and(
        eq(applicationUsers.tenantId, tenantId),
        eq(applicationUsers.userId, body.userId),
        inArray(
          applicationUsers.applicationId,
          apps.map((a) => a.id),
        ),
      ),
    );
    await c.var.audit({
      action: 'User unassigned from applications',
      json: { userId: body.userId, appIds: apps.map((a) => a.id) },
    });
    return c.json(await appsOf(tenantId, body.userId));
  });
});
