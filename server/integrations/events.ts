// The event catalog of connectivity (issue 21, CONNECT-001/002): the audit actions that matter to integrations,
// each under an event key (Frontegg's `frontegg.<object>.<event>` style; ENUM-047's `signup_completed` and
// `user_verified` as the spec names them), grouped in categories. An audit row of one of these actions, written
// in a tenant, is an event of that tenant: `writeAudit` hands it to the delivery queue (server/integrations/
// queue.ts), which fans it out to the tenant's enabled webhooks, email, SMS and Slack subscriptions of that key.
// Connectivity's own actions (webhook created, delivery failed…) are never events: no loops.
import type { ConnectivityChannel } from '../../shared/api/contracts/connectivity';
import type { AuditAction } from '../audit/actions';

export interface CatalogEvent {
  key: string;
  displayName: string;
  description: string;
  /** The audit action that raises it. */
  action: AuditAction;
  /** The channels it may go to (all but those named here are refused). */
  channels: readonly ConnectivityChannel[];
}

export interface CatalogCategory {
  id: string;
  name: string;
  events: readonly CatalogEvent[];
}

const ALL: readonly ConnectivityChannel[] = ['webhook', 'email', 'sms', 'slack'];
/** Frequent events (every sign-in): machines only, never a mail or a text per occurrence. */
const MACHINES: readonly ConnectivityChannel[] = ['webhook', 'slack'];

const ev = (
  key: string,
  action: AuditAction,
  displayName: string,
  description: string,
  channels: readonly ConnectivityChannel[] = ALL,
): CatalogEvent => ({ key, action, displayName, description, channels });

export const eventCatalog: readonly CatalogCategory[] = [
  {
    id: 'cat-users',
    name: 'Users',
    events: [
      ev('signup_completed', 'User signed up', 'Sign-up completed', 'A user signed up to the account'),
      ev('user_verified', 'User activated', 'User verified', 'A user verified their email and activated'),
      ev(
        'frontegg.user.invitedToTenant',
        'User invited',
        'User invited',
        'A user was invited to the account',
      ),
      ev(
        'frontegg.user.acceptedInvitation',
        'Invitation accepted',
        'Invitation accepted',
        'An invited user joined the account',
      ),
      ev('frontegg.user.updated', 'User updated', 'User updated', "A user's details or roles were changed"),
      ev(
        'frontegg.user.removedFromTenant',
        'User removed from account',
        'User removed',
        'A user was removed from the account',
      ),
      ev('frontegg.user.disabled', 'User disabled in account', 'User disabled', 'A user was disabled'),
      ev('frontegg.user.enabled', 'User enabled in account', 'User enabled', 'A user was enabled again'),
    ],
  },
  {
    id: 'cat-security',
    name: 'Sign-in and security',
    events: [
      ev('frontegg.user.authenticated', 'User logged in', 'User signed in', 'A user signed in', MACHINES),
      ev(
        'frontegg.user.failedAuthentication',
        'User login failed',
        'Sign-in failed',
        'A sign-in failed',
        MACHINES,
      ),
      ev('frontegg.user.lockedOut', 'User locked out', 'User locked out', 'A user was locked out'),
      ev(
        'frontegg.user.passwordChanged',
        'Password changed',
        'Password changed',
        'A user changed their password',
      ),
      ev('frontegg.user.passwordReset', 'Password reset', 'Password reset', 'A user reset their password'),
      ev('frontegg.user.enrolledMFA', 'MFA enrolled', 'MFA enrolled', 'A user enrolled a second factor'),
      ev('frontegg.user.disabledMFA', 'MFA disabled', 'MFA disabled', 'A user removed a second factor'),
      ev('frontegg.apiToken.created', 'API token created', 'API token created', 'An API token was created'),
      ev('frontegg.apiToken.deleted', 'API token deleted', 'API token deleted', 'An API token was deleted'),
    ],
  },
  {
    id: 'cat-roles',
    name: 'Roles and groups',
    events: [
      ev('frontegg.role.created', 'Role created', 'Role created', 'A role was created'),
      ev('frontegg.role.updated', 'Role updated', 'Role updated', 'A role was changed'),
      ev('frontegg.role.deleted', 'Role deleted', 'Role deleted', 'A role was deleted'),
      ev('frontegg.group.created', 'Group created', 'Group created', 'A group was created'),
      ev('frontegg.group.deleted', 'Group deleted', 'Group deleted', 'A group was deleted'),
    ],
  },
  {
    id: 'cat-sso',
    name: 'Single sign-on and provisioning',
    events: [
      ev(
        'frontegg.sso.configurationCreated',
        'SSO configuration created',
        'SSO configuration created',
        'An SSO connection was added',
      ),
      ev(
        'frontegg.sso.configurationUpdated',
        'SSO configuration updated',
        'SSO configuration changed',
        'An SSO connection was changed',
      ),
      ev(
        'frontegg.sso.configurationDeleted',
        'SSO configuration deleted',
        'SSO configuration deleted',
        'An SSO connection was removed',
      ),
      ev(
        'frontegg.scim.userCreated',
        'SCIM user created',
        'User provisioned',
        'A directory provisioned a user',
      ),
      ev(
        'frontegg.scim.userDeactivated',
        'SCIM user deactivated',
        'User deprovisioned',
        'A directory deactivated a user',
      ),
    ],
  },
  {
    id: 'cat-billing',
    name: 'Billing',
    events: [
      ev(
        'frontegg.subscription.started',
        'Subscription started',
        'Subscription started',
        'A subscription started',
      ),
      ev(
        'frontegg.subscription.planChanged',
        'Subscription plan changed',
        'Plan changed',
        'The plan was changed',
      ),
      ev(
        'frontegg.subscription.renewed',
        'Subscription period renewed',
        'Subscription renewed',
        'A subscription renewed for a new period',
      ),
      ev(
        'frontegg.subscription.cancelled',
        'Subscription cancelled at period end',
        'Subscription cancelled',
        'A subscription will end at its period end',
      ),
      ev('frontegg.subscription.ended', 'Subscription ended', 'Subscription ended', 'A subscription ended'),
      ev('frontegg.invoice.paid', 'Invoice paid', 'Invoice paid', 'An invoice was paid'),
      ev(
        'frontegg.invoice.paymentFailed',
        'Invoice payment failed',
        'Invoice payment failed',
        "An invoice's payment failed",
      ),
    ],
  },
  {
    id: 'cat-accounts',
    name: 'Accounts',
    events: [
      ev(
        'frontegg.tenant.settingsUpdated',
        'Account settings updated',
        'Account settings changed',
        "The account's settings were changed",
      ),
      ev(
        'frontegg.subTenant.created',
        'Sub-account created',
        'Sub-account created',
        'A sub-account was created',
      ),
      ev(
        'frontegg.subTenant.deleted',
        'Sub-account deleted',
        'Sub-account deleted',
        'A sub-account was deleted',
      ),
    ],
  },
];

/** Every event by key. */
export const eventsByKey: ReadonlyMap<string, CatalogEvent & { categoryId: string; category: string }> =
  new Map(
    eventCatalog.flatMap((category) =>
      category.events.map((event) => [
        event.key,
        { ...event, categoryId: category.id, category: category.name },
      ]),
    ),
  );

/** The event an audit action raises (undefined: none). */
export const eventOfAction: ReadonlyMap<string, CatalogEvent> = new Map(
  eventCatalog.flatMap((category) => category.events.map((event) => [event.action, event])),
);
