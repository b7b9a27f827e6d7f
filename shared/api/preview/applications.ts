// Applications (multi-app administration, TEAM-021..023).
import { paths } from '../paths';
import {
  fail,
  find,
  first,
  on,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
  record,
  text,
  texts,
} from './common';
import { appIdsOf, appView, isFree, scopedTenant, tenantUser } from './views';

const idsParam = (query: URLSearchParams, ...names: string[]): string[] =>
  (first(query, names) ?? '').split(',').filter(Boolean);

function assignment(req: PreviewRequest) {
  const body = record(req.body);
  const user = tenantUser(req, text(body.userId) ?? '');
  const appIds = [...new Set(texts(body.appIds))];
  if (!appIds.length) throw fail(400, 'appIds: appIds must name at least one id');
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
      .filter((a) => query.get('includeFreeAccess') !== 'false' || !isFree(a))
      .map(appView);
  }),
  on(paths.applications.getTenantsApplications, (req) => [
    { tenantId: scopedTenant(req), appIds: req.state.applications.map((a) => a.id) },
  ]),
  on(paths.applications.getTenantsApplicationsV2, (req) => [
    {
      tenantId: scopedTenant(req),
      appIds: req.state.applications.map((a) => a.id),
      applications: req.state.applications.map(({ id, name, accessType }) => ({ id, name, accessType })),
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
