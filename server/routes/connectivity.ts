// Connectivity (issue 21, CONNECT-001..006): the event catalog (categories and channel maps), the caller
// account's webhooks (configurations, test, logs, retry) and its email, SMS and Slack channels. One set of
// permissions governs every channel (`fe.connectivity.read|write|delete.webhooks`: the portal's Webhooks entry,
// ROUTE-022). Everything is the token's account's own: another account's webhook, log or subscription is a 404.
import { paths } from '../../shared/api/paths';
import { apiError } from '../context';
import { defineFamily, endpoint } from './endpoints';

export const READ_CONNECTIVITY = 'fe.connectivity.read.webhooks';
export const WRITE_CONNECTIVITY = 'fe.connectivity.write.webhooks';
export const DELETE_CONNECTIVITY = 'fe.connectivity.delete.webhooks';

const c = paths.connectivity;
const own = "the caller's account's own";

/** Routes of connectivity, with the permission each requires in the token's account. */
export const connectivityEndpointsByName = {
  getCategories: endpoint(c.getCategories, READ_CONNECTIVITY, 'the event catalog'),
  getChannelMaps: endpoint(c.getChannelMaps, READ_CONNECTIVITY, 'the event catalog by channel'),
  getWebhooksConfigurations: endpoint(c.getWebhooksConfigurations, READ_CONNECTIVITY, own),
  postWebhooksConfiguration: endpoint(c.postWebhooksConfiguration, WRITE_CONNECTIVITY, own),
  patchWebhooksConfiguration: endpoint(c.patchWebhooksConfiguration, WRITE_CONNECTIVITY, own),
  deleteWebhooksConfiguration: endpoint(c.deleteWebhooksConfiguration, DELETE_CONNECTIVITY, own),
  getWebhookLog: endpoint(c.getWebhookLog, READ_CONNECTIVITY, own),
  postWebhookTest: endpoint(c.postWebhookTest, WRITE_CONNECTIVITY, 'a guarded request to the URL given'),
  postWebhookRetry: endpoint(c.postWebhookRetry, WRITE_CONNECTIVITY, own),
  getEmailConfiguration: endpoint(c.getEmailConfiguration, READ_CONNECTIVITY, own),
  postEmailConfiguration: endpoint(c.postEmailConfiguration, WRITE_CONNECTIVITY, own),
  patchEmailConfiguration: endpoint(c.patchEmailConfiguration, WRITE_CONNECTIVITY, own),
  putEmailSubscriptions: endpoint(c.putEmailSubscriptions, WRITE_CONNECTIVITY, own),
  deleteEmailSubscriptions: endpoint(c.deleteEmailSubscriptions, DELETE_CONNECTIVITY, own),
  deleteEmailConfiguration: endpoint(c.deleteEmailConfiguration, DELETE_CONNECTIVITY, own),
  getSMSConfiguration: endpoint(c.getSMSConfiguration, READ_CONNECTIVITY, own),
  postSMSConfiguration: endpoint(c.postSMSConfiguration, WRITE_CONNECTIVITY, own),
  patchSMSConfiguration: endpoint(c.patchSMSConfiguration, WRITE_CONNECTIVITY, own),
  putSMSSubscriptions: endpoint(c.putSMSSubscriptions, WRITE_CONNECTIVITY, own),
  deleteSMSSubscriptions: endpoint(c.deleteSMSSubscriptions, DELETE_CONNECTIVITY, own),
  deleteSMSConfiguration: endpoint(c.deleteSMSConfiguration, DELETE_CONNECTIVITY, own),
  getSlackConfiguration: endpoint(c.getSlackConfiguration, READ_CONNECTIVITY, own),
  getSlackScope: endpoint(c.getSlackScope, READ_CONNECTIVITY, 'the Slack app, when one is configured'),
  getSlackChannels: endpoint(c.getSlackChannels, READ_CONNECTIVITY, own),
  postSlackConfiguration: endpoint(c.postSlackConfiguration, WRITE_CONNECTIVITY, own),
  patchSlackConfiguration: endpoint(c.patchSlackConfiguration, WRITE_CONNECTIVITY, own),
  deleteSlackConfiguration: endpoint(c.deleteSlackConfiguration, DELETE_CONNECTIVITY, own),
  postSlackCode: endpoint(c.postSlackCode, WRITE_CONNECTIVITY, 'the Slack app, when one is configured'),
} as const;

export const connectivityRoutes = defineFamily(connectivityEndpointsByName, (on, e, services) => {
  void services;
  // Handlers: issue 21, helper B (placeholders until then).
  for (const entry of Object.values(e))
    on(entry, () => {
      throw apiError(404, 'Not found');
    });
});
