#!/usr/bin/env node
// Generates shared/api/paths.ts, our one table of API paths, from ../shared/spec/api-paths.tsv (and `ours`).
import { readFileSync, writeFileSync } from 'node:fs';

const src = new URL('../../shared/spec/api-paths.tsv', import.meta.url);
const out = new URL('../shared/api/paths.ts', import.meta.url);
const camel = (s) => s.replace(/[-_]([a-z])/g, (_, c) => c.toUpperCase());
const groupKey = (g) => (g === 'auth/secutiry-poilicy' ? 'securityPolicy' : camel(g.split('/').pop()));

/**
 * Our own calls, for needs the spec's catalogue has no call for; each says why in a comment of the table.
 * Their paths sit beside the family they belong to and never shadow a catalogue path.
 */
const ours = [
  {
    group: 'account-settings',
    fn: 'getPublicCustomLogin',
    method: 'GET',
    path: '/tenants/resources/account-settings/v1/public/custom-login',
    comment:
      "Ours, not the catalogue's: the login box of an account's users (?tenantId=) before sign-in; public, answers only the custom login box.",
  },
  {
    group: 'teams',
    fn: 'unlockUser',
    method: 'POST',
    path: '/identity/resources/tenants/users/v1/{userId}/unlock',
    comment:
      "Ours, not the catalogue's: an administrator lifts a member's sign-in lockout (beside disableUser/enableUser); unlockMe needs the user's mailed token.",
  },
  {
    group: 'auth/secutiry-poilicy',
    fn: 'getTenantCaptchaPolicy',
    method: 'GET',
    path: '/identity/resources/configurations/v1/captcha-policy',
    comment:
      "Ours, not the catalogue's: the captcha policy in effect in the caller's account (the catalogue reads only the public, vendor-wide one).",
  },
  {
    group: 'auth/secutiry-poilicy',
    fn: 'saveCaptchaPolicy',
    method: 'POST',
    path: '/identity/resources/configurations/v1/captcha-policy',
    comment:
      "Ours, not the catalogue's: an administrator turns captcha on sign-in and sign-up on or off for the account.",
  },
  {
    group: 'auth/secutiry-poilicy',
    fn: 'getCaptchaChallenge',
    method: 'GET',
    path: '/identity/resources/configurations/v1/captcha-policy/challenge',
    comment:
      "Ours, not the catalogue's: a fresh ALTCHA proof-of-work challenge for the login box (public; self-hosted captcha, no third party).",
  },
  {
    group: 'auth/secutiry-poilicy',
    fn: 'savePasswordConfigPolicy',
    method: 'POST',
    path: '/identity/resources/configurations/v1/password',
    comment:
      "Ours, not the catalogue's: an administrator sets the account's password rules (length, character classes) where the vendor allows it.",
  },
  {
    group: 'auth',
    fn: 'exchangeApiToken',
    method: 'POST',
    path: '/identity/resources/auth/v1/api-token',
    comment:
      "Ours, not the catalogue's (Frontegg's documented machine-to-machine sign-in, absent from the SDK): a script exchanges an API token's clientId and secret for an access token.",
  },
  {
    group: 'audits',
    fn: 'getAuditsHistogram',
    method: 'GET',
    path: '/audits/histogram',
    comment:
      "Ours, not the catalogue's (Frontegg has none): the audit rows per day and severity over a date range, under the list's search and filters; the audits page's chart needs it.",
  },
  {
    group: 'subscriptions/providers/local',
    fn: 'confirmLocalSetupIntent',
    method: 'POST',
    path: '/subscriptions/resources/billing/payment-providers/local/setup-intents/v1/confirmations',
    comment:
      "Ours, not the catalogue's: with the local payment provider (no card processor) the checkout's card form sends the card with the setup intent's secret here, where Stripe's Card Element would send it to Stripe.",
  },
  {
    group: 'subscriptions/providers/stripe',
    fn: 'receiveStripeWebhook',
    method: 'POST',
    path: '/subscriptions/resources/billing/payment-providers/stripe/webhooks/v1',
    comment:
      "Ours, not the catalogue's (Frontegg receives Stripe's events on its own side): Stripe's signed events (Stripe-Signature) for subscriptions, invoices and cards.",
  },
  {
    group: 'subscriptions/summaries',
    fn: 'getSubscriptionUsage',
    method: 'GET',
    path: '/subscriptions/resources/billing/usage/v1',
    comment:
      "Ours, not the catalogue's: the usage page (SCREEN-040) shows the account's seats and active users against its plan's limits.",
  },
  {
    group: 'connectivity',
    fn: 'patchWebhooksConfiguration',
    method: 'PATCH',
    path: '/webhook/{_id}',
    comment:
      "The catalogue's postWebhooksConfiguration under its second form (one name, two calls): Frontegg's client PATCHes a webhook that has an _id.",
  },
  {
    group: 'connectivity',
    fn: 'patchSlackConfiguration',
    method: 'PATCH',
    path: '/integrations/resources/configurations/v1/slack/subscription/{id}',
    comment:
      "The catalogue's postSlackConfiguration under its second form (one name, two calls): Frontegg's client PATCHes a Slack subscription that has an id.",
  },
];

const groups = new Map();
const add = (group, fn, entry) => {
  const g = groups.get(groupKey(group)) ?? new Map();
  g.set(fn, entry);
  groups.set(groupKey(group), g);
};
for (const line of readFileSync(src, 'utf8').trim().split('\n').slice(1)) {
  const [group, fn, rawMethod, path] = line.split('\t');
  const download = rawMethod.endsWith('(download)');
  const method = rawMethod.replace('(download)', '');
  add(group, fn, { method, path, download });
}
for (const { group, fn, method, path, comment } of ours) add(group, fn, { method, path, comment });

let ts = `// Generated by scripts/gen-paths.mjs from ../shared/spec/api-paths.tsv, plus our own calls (marked). Do not edit by hand.
// The one table of API paths: the client, the preview transport and the server all read it.

import { apiPaths } from './apiPath';

export type { ApiPath, HttpMethod } from './apiPath';

export const paths = apiPaths({\n`;
for (const [g, fns] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  ts += `  ${g}: {\n`;
  for (const [fn, { method, path, download, comment }] of [...fns].sort(([a], [b]) => a.localeCompare(b))) {
    if (comment) ts += `    // ${comment}\n`;
    ts += `    ${fn}: '${method} ${path}${download ? ' (download)' : ''}',\n`;
  }
  ts += '  },\n';
}
ts += `});\n`;
writeFileSync(out, ts);
console.log(`wrote ${[...groups.values()].reduce((n, g) => n + g.size, 0)} paths in ${groups.size} groups`);
