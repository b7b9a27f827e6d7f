// Applications (multi-app administration, TEAM-021..023): bodies parsed with the applications contract,
// answers in its shape (Frontegg's IApplicationsResponse, the v2 tenant assignments).
import { applicationsContracts as ac } from '../contracts/applications';
import type { AnswerOf } from '../contracts/contract';
import { paths } from '../paths';
import {
  fail,
  find,
  first,
  on,
  parseWith,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
} from './common';
import type { Application } from './sampleData';
import { appIdsOf, appView, isFree, scopedTenant, tenantUser } from './views';

/** An application as the server answers it: the fields the sample does not keep as Frontegg's defaults. */
const appAnswer = (app: Application): AnswerOf<typeof ac.getApplicationsData>[number] => ({
  id: app.id,
  name: app.name,
  accessType: app.accessType,
  appURL: app.appURL,
  loginURL: app.appURL,
  logoURL: '',
  isDefault: app.isDefault,
  isActive: true,
  type: 'web',
  frontendStack: 'react',
  description: '',
  vendorId: app.vendorId,
  createdAt: app.createdAt,
  updatedAt: app.createdAt,
  integrationFinishedAt: null,
  userIds: appView(app).userIds,
});

const idsParam = (query: URLSearchParams, ...names: string[]): string[] =>
  (first(query, names) ?? '').split(',').filter(Boolean);

function assignment(req: PreviewRequest) {
  const body = parseWith(ac.assignUserToApplications.body, req.body);
  const user = tenantUser(req, body.userId);
  const appIds = [...new Set(body.appIds)];
  const apps = appIds.map((id) => find(req.state.applications, (a) => a.id === id, 'Application'));
  const free = apps.filter(isFree);
  if (free.length)
    throw fail(
      400,
      `${free.map((a) => a.name).join(', ')}: FREE_ACCESS applications are open to every user and cannot be assigned`,
    );
  return { user, apps };
}

export const applicationsHandlers: PreviewRoute[] = [
  // Applications (multi-app administration, TEAM-021..023)
  on(paths.applications.getApplicationsData, ({ state, query }) => {
    const ids = idsParam(query, 'ids', 'appIds');
    return state.applications
      .filter((a) => !ids.length || ids.includes(a.id))
      .filter(
        (a) => (query.get('_includeFreeAccess') ?? query.get('includeFreeAccess')) !== 'false' || !isFree(a),
      )
      .map(appAnswer);
  }),
  on(paths.applications.getTenantsApplications, (req) => [
    { tenantId: scopedTenant(req), appIds: req.state.applications.map((a) => a.id) },
  ]),
  on(paths.applications.getTenantsApplicationsV2, (req) => [
    {
      tenantId: scopedTenant(req),
      assignments: req.state.applications.map((a) => ({ appId: a.id, accessType: a.accessType })),
    },
  ]),
  on(paths.applications.getUserApplicationsId, (req) =>
    appIdsOf(req.state, tenantUser(req, req.params.userId ?? '').id),
  ),
  on(paths.applications.getUsersApplicationsId, (req) => {
    const tenantId = scopedTenant(req);
    const ids = idsParam(req.query, 'userIds', 'ids');
    if (!ids.length) throw fail(400, 'userIds: A comma-joined list of userIds is required');
    return ids
      .filter((id) => req.state.users.some((u) => u.id === id && u.tenantIds.includes(tenantId)))
      .map((userId) => ({ userId, appIds: appIdsOf(req.state, userId) }));
  }),
  on(paths.applications.getUsersOfApplications, ({ state, query }) => {
    const ids = idsParam(query, 'appIds', 'ids');
    if (!ids.length) throw fail(400, 'appIds: A comma-joined list of appIds is required');
    return state.applications
      .filter((a) => ids.includes(a.id))
      .map((a) => ({ appId: a.id, userIds: appView(a).userIds }));
  }),
  on(paths.applications.assignUserToApplications, (req) => {
    const { user, apps } = assignment(req);
    for (const app of apps) if (!app.userIds.includes(user.id)) app.userIds.push(user.id);
    return new PreviewReply(201, { userId: user.id, appIds: appIdsOf(req.state, user.id) });
  }),
  on(paths.applications.unassignUserFromApplications, (req) => {
    const { user, apps } = assignment(req);
    for (const app of apps) app.userIds = app.userIds.filter((id) => id !== user.id);
    return { userId: user.id, appIds: appIdsOf(req.state, user.id) };
  }),
];
