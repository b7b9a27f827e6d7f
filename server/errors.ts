// The error-code catalog: every error message the server answers, with a stable code (`errorCode` next to
// `errors` in the answer), so that clients show their own text in the page's language instead of our English.
// Codes never change meaning; a new message gets a new code. Families: 1xxx sign-in and sessions, 2xxx MFA,
// 3xxx sign-up, activation, invitation and passwords, 4xxx profile, privacy and account, 5xxx users, roles,
// groups and applications, 6xxx the request itself, 7xxx billing, 8xxx the account hierarchy, 90xx connectivity.
// Messages outside the catalog get a code by status: `ER-9<status>` (9100–9599) for validation messages
// (`field: problem`), `ER-<status>` for any other.

export type ErrorCode = `ER-${number}`;

/** One message of the catalog: an exact text, or a pattern for a message that names a value. */
export type ErrorEntry = { code: ErrorCode } & ({ message: string } | { pattern: RegExp });

export const ERROR_CATALOG = [
  // 1xxx sign-in and sessions
  { code: 'ER-1001', message: 'Incorrect email or password' },
  { code: 'ER-1002', message: 'Unauthorized' },
  { code: 'ER-1003', message: 'User is disabled' },
  { code: 'ER-1004', message: 'The token was just refreshed, try again' },
  { code: 'ER-1005', message: 'Failed to authenticate' },
  { code: 'ER-1006', message: 'This sign-in method is not enabled' },
  { code: 'ER-1007', message: 'Passkey sign-in failed' },
  { code: 'ER-1008', message: 'You cannot impersonate yourself' },
  {
    code: 'ER-1009',
    message: 'Sign-in is temporarily blocked after too many attempts. Try again later or reset your password',
  },
  { code: 'ER-1010', message: 'The unlock link is invalid or expired' },
  {
    code: 'ER-1011',
    message: "Access from this IP address is not allowed by your account's IP restrictions",
  },
  { code: 'ER-1012', pattern: /^Email addresses at \S+ are not allowed by the email-domain restrictions$/ },
  { code: 'ER-1013', pattern: /^\S+ is a public email provider: use a work email address$/ },
  { code: 'ER-1014', message: 'Solve the captcha to continue' },
  { code: 'ER-1015', message: 'Your password has expired. Reset it to sign in' },
  // 2xxx MFA
  { code: 'ER-2001', message: 'The MFA session is invalid or expired. Sign in again' },
  { code: 'ER-2002', message: 'MFA is not enrolled' },
  { code: 'ER-2003', message: 'The code is incorrect' },
  { code: 'ER-2004', message: 'Too many attempts. Sign in again' },
  { code: 'ER-2005', message: 'The code has expired. Send a new one' },
  { code: 'ER-2006', message: 'MFA is already enrolled' },
  { code: 'ER-2007', message: 'The recovery code is incorrect' },
  { code: 'ER-2008', message: 'No such device' },
  { code: 'ER-2009', message: 'The security key could not be verified' },
  // 3xxx sign-up, activation, invitation, reset and change of password
  { code: 'ER-3001', message: 'The activation link is invalid or expired' },
  { code: 'ER-3002', message: "We couldn't verify your invitation" },
  { code: 'ER-3003', message: 'The password reset link is invalid or expired' },
  { code: 'ER-3004', message: 'The current password is incorrect' },
  {
    code: 'ER-3005',
    message:
      'Too many wrong passwords: the account is locked for a while. Reset your password to unlock it now',
  },
  { code: 'ER-3006', message: 'The password was used recently' },
  {
    code: 'ER-3007',
    message: 'This password appears in a list of breached passwords. Choose a different password',
  },
  { code: 'ER-3008', message: 'password: A password is required' },
  { code: 'ER-3009', pattern: /^The password must be at least \d+ characters$/ },
  { code: 'ER-3010', pattern: /^The password must be at most \d+ characters$/ },
  { code: 'ER-3011', message: 'The code is invalid or expired' },
  { code: 'ER-3012', message: 'Sign-up is by email: this sign-up strategy is not enabled' },
  { code: 'ER-3013', message: 'Password recovery by SMS is not enabled' },
  { code: 'ER-3014', message: 'identifierType: Only email identifies an account here' },
  { code: 'ER-3015', message: 'identifier: Invalid email address' },
  { code: 'ER-3016', message: 'The password must contain a lowercase letter' },
  { code: 'ER-3017', message: 'The password must not repeat a character three times in a row' },
  { code: 'ER-3018', message: 'The password must contain an uppercase letter' },
  { code: 'ER-3019', message: 'The password must contain a number' },
  { code: 'ER-3020', message: 'The password must contain a special character' },
  // 4xxx profile, privacy (phone numbers, passkeys, sessions) and account
  {
    code: 'ER-4001',
    message: 'The profile picture must be a base64 PNG, JPEG, GIF or WebP image of at most 512 KiB',
  },
  { code: 'ER-4002', message: 'image: a file is required' },
  { code: 'ER-4003', message: 'image: a base64 data image is required' },
  { code: 'ER-4004', message: 'Phone number not found' },
  { code: 'ER-4005', message: 'The code is invalid or has expired' },
  { code: 'ER-4006', pattern: /^At most \d+ phone numbers$/ },
  { code: 'ER-4007', message: 'The link is invalid or has expired' },
  { code: 'ER-4008', message: 'This passkey is already registered' },
  { code: 'ER-4009', message: 'The passkey could not be registered' },
  { code: 'ER-4010', message: 'Passkey not found' },
  { code: 'ER-4011', message: 'key: letters, digits and _ . : -' },
  { code: 'ER-4012', message: 'Session not found' },
  { code: 'ER-4013', message: 'User is not a member of this tenant' },
  { code: 'ER-4014', message: 'Account not found' },
  { code: 'ER-4015', message: 'No changes to update' },
  { code: 'ER-4016', message: 'No such tenant' },
  { code: 'ER-4017', message: 'This email is already in use' },
  { code: 'ER-4018', message: 'IP restriction not found' },
  { code: 'ER-4019', message: 'Email-domain restriction not found' },
  { code: 'ER-4020', message: 'Your vendor does not let accounts change this policy' },
  { code: 'ER-4021', message: 'API tokens are not enabled' },
  { code: 'ER-4022', message: 'API token not found' },
  { code: 'ER-4023', message: 'API tokens cannot call this endpoint' },
  { code: 'ER-4024', message: 'Invalid API token credentials' },
  // Audit logs
  { code: 'ER-4025', message: 'severity: Must be INFO, WARNING or SEVERE' },
  { code: 'ER-4026', message: 'createdAt: Must be a range from,to of ISO 8601 times' },
  {
    code: 'ER-4027',
    message:
      'after: Not a cursor of this sort (send the `next` of the previous page, same sortBy and sortDirection)',
  },
  { code: 'ER-4028', message: 'after: Only with paginationMode=virtual' },
  { code: 'ER-4029', message: 'endpoint: Must be csv/v2 or csv' },
  // Security center
  { code: 'ER-4030', message: 'Reset emails were sent less than a minute ago; try again in a minute' },
  { code: 'ER-4031', message: 'templateId: Must be security-posture' },
  { code: 'ER-4032', message: 'responseType: Must be pdf' },
  // 5xxx users, roles, groups, applications
  { code: 'ER-5001', message: 'You are not authorized to perform this action' },
  { code: 'ER-5002', pattern: /^You cannot grant permissions you do not hold: / },
  { code: 'ER-5003', message: 'User not found' },
  { code: 'ER-5004', message: 'Role not found' },
  { code: 'ER-5005', message: 'Unknown role' },
  { code: 'ER-5006', message: 'roleIds: Unknown role' },
  { code: 'ER-5007', message: 'Built-in roles cannot be changed or deleted' },
  { code: 'ER-5008', message: 'Permission not found' },
  { code: 'ER-5009', pattern: /^A role with key .+ already exists$/ },
  { code: 'ER-5010', message: 'Group not found' },
  { code: 'ER-5011', pattern: /^A group named .+ already exists$/ },
  { code: 'ER-5012', message: 'Application not found' },
  { code: 'ER-5013', pattern: /: FREE_ACCESS applications are open to every user and cannot be assigned$/ },
  { code: 'ER-5014', message: 'Tenant not found' },
  { code: 'ER-5015', message: 'The user is already a member of this account' },
  { code: 'ER-5016', message: 'You cannot delete yourself' },
  { code: 'ER-5017', message: 'The user is already activated' },
  { code: 'ER-5018', message: 'You cannot disable yourself' },
  { code: 'ER-5019', message: 'Invite link not found' },
  { code: 'ER-5020', message: 'roleIds: Roles on an invite link are not supported' },
  { code: 'ER-5021', message: 'A user who belongs to other accounts cannot be made temporary' },
  { code: 'ER-5022', message: '_groupsRelations must be roles, users or rolesAndUsers' },
  // Directory provisioning (SCIM connections)
  { code: 'ER-5101', message: 'Directory connection not found' },
  // SSO self-service (SSO configurations, domains, metadata, group mappings)
  { code: 'ER-5201', message: 'SSO configuration not found' },
  { code: 'ER-5202', message: 'SSO domain not found' },
  { code: 'ER-5203', message: 'SSO group mapping not found' },
  { code: 'ER-5204', message: 'This domain is already on this SSO configuration' },
  { code: 'ER-5205', message: 'This domain is already validated by another account' },
  { code: 'ER-5206', message: 'This domain is already validated on another SSO configuration' },
  { code: 'ER-5207', message: 'A mapping of this IdP group already exists' },
  { code: 'ER-5208', message: 'groupIds: Unknown group' },
  { code: 'ER-5209', message: 'type: The type of an SSO configuration cannot be changed' },
  {
    code: 'ER-5210',
    message: 'SAML sign-in needs the IdP sign-in URL and its certificate before it is enabled',
  },
  {
    code: 'ER-5211',
    message: 'OIDC sign-in needs the issuer, the client id and the secret before it is enabled',
  },
  { code: 'ER-5212', message: 'metadata: Not a SAML metadata XML document' },
  { code: 'ER-5213', message: 'metadata: Metadata with a DTD is refused' },
  { code: 'ER-5214', message: 'metadata: No IDPSSODescriptor in the metadata' },
  { code: 'ER-5215', message: 'metadata: No HTTP-Redirect SingleSignOnService in the metadata' },
  { code: 'ER-5216', message: 'metadata: No signing certificate in the metadata' },
  { code: 'ER-5217', pattern: /^url: The metadata could not be fetched \([\w -]+\)$/ },
  { code: 'ER-5218', message: 'Signed authentication requests are not supported: set signRequest to false' },
  // 7xxx billing and subscriptions (001 §8's messages exactly, then ours)
  { code: 'ER-7001', message: 'Subscription not found.' },
  { code: 'ER-7002', message: 'Subscription not found' },
  { code: 'ER-7003', message: 'Billing is externally managed.' },
  { code: 'ER-7004', message: 'Not authorized' },
  { code: 'ER-7005', message: 'Internal feature failure' },
  { code: 'ER-7006', message: 'Payment provider not configured' },
  { code: 'ER-7007', message: 'Plan not found' },
  { code: 'ER-7008', message: 'Invoice not found' },
  { code: 'ER-7009', message: 'Payment method not found' },
  { code: 'ER-7010', message: 'Your card was declined.' },
  { code: 'ER-7011', message: 'cardNumber: Invalid card number' },
  { code: 'ER-7012', message: 'Your card has expired.' },
  { code: 'ER-7013', message: "cvc: Your card's security code is invalid." },
  { code: 'ER-7014', message: 'The card form has expired. Enter the card again' },
  { code: 'ER-7015', message: 'Moving to a cheaper plan is not allowed' },
  { code: 'ER-7016', message: 'Cancelling the subscription is not allowed' },
  { code: 'ER-7017', message: 'Only an active subscription without a cancellation can be cancelled' },
  { code: 'ER-7018', message: 'Only a subscription cancelled at period end can be renewed' },
  { code: 'ER-7019', message: 'Add a card to move to a paid plan' },
  { code: 'ER-7020', message: 'The account already has a subscription' },
  { code: 'ER-7021', message: 'Invalid webhook signature' },
  { code: 'ER-7022', message: 'The account already has a billing configuration' },
  { code: 'ER-7023', message: 'The subscription was changed meanwhile. Try again' },
  // 8xxx the account hierarchy (sub-accounts)
  { code: 'ER-8001', message: 'Sub-account not found' },
  { code: 'ER-8002', message: 'An account with this tenantId already exists' },
  { code: 'ER-8003', message: 'Sub-accounts may be nested at most 10 levels deep' },
  {
    code: 'ER-8004',
    message: "Sub-account access cannot be denied: the account's hierarchy settings keep it always on",
  },
  { code: 'ER-8005', message: 'Access to this sub-account is not allowed' },
  { code: 'ER-8006', message: 'The user is not a member of this account' },
  { code: 'ER-8007', message: 'An account may have at most 1000 sub-accounts' },
  { code: 'ER-8008', message: 'You cannot change your own sub-account access' },
  // 90xx connectivity (webhooks, email, SMS and Slack channels)
  { code: 'ER-9001', message: 'Webhook not found' },
  { code: 'ER-9002', message: 'Webhook log not found' },
  { code: 'ER-9003', pattern: /^Unknown event key: / },
  { code: 'ER-9004', message: 'Slack is not configured on this server' },
  { code: 'ER-9005', pattern: /^The delivery address is refused: / },
  { code: 'ER-9006', message: 'Channel configuration not found' },
  { code: 'ER-9007', message: 'Channel subscription not found' },
  { code: 'ER-9008', message: 'Slack subscription not found' },
  { code: 'ER-9009', message: 'An account may have at most 20 webhooks' },
  { code: 'ER-9010', pattern: /^This event cannot be sent by (email|SMS|Slack|webhook): / },
  { code: 'ER-9011', message: 'A test of an unsaved webhook cannot be retried' },
  { code: 'ER-9012', message: 'Slack did not accept the registration code' },
  { code: 'ER-9013', message: 'This delivery is being sent now. Try again in a moment' },
  // 6xxx the request itself
  { code: 'ER-6001', message: 'Not found' },
  { code: 'ER-6002', message: 'Too many requests, try again later' },
  { code: 'ER-6003', message: 'The request body is not valid JSON' },
  { code: 'ER-6004', message: 'Error request is too large' },
  { code: 'ER-6005', message: 'Internal server error' },
  { code: 'ER-6006', message: 'Development routes answer only clients on this machine' },
  { code: 'ER-6007', message: 'This request must come from the application’s own origin' },
  { code: 'ER-6008', message: 'path: malformed percent-encoding' },
  { code: 'ER-6009', message: 'query: malformed percent-encoding' },
  { code: 'ER-6010', pattern: /: text must not contain NUL characters or unpaired surrogates$/ },
  { code: 'ER-6011', message: 'The request body is not a valid form' },
] as const satisfies readonly ErrorEntry[];

const byMessage = new Map<string, ErrorCode>();
const byPattern: { pattern: RegExp; code: ErrorCode }[] = [];
for (const entry of ERROR_CATALOG as readonly ErrorEntry[]) {
  if ('message' in entry) byMessage.set(entry.message, entry.code);
  else byPattern.push(entry);
}

/** `roleIds: Unknown role` → `Unknown role`; undefined when the message is not a validation message. */
const FIELD_PREFIX = /^[\w.[\]-]+: (.+)$/s;

function catalogCode(message: string): ErrorCode | undefined {
  return byMessage.get(message) ?? byPattern.find((p) => p.pattern.test(message))?.code;
}

/**
 * The code of an error answer, looked up by its first message: the catalog's, then the catalog's for the
 * problem of a `field: problem` message, then `ER-9<status>` for another validation message, else `ER-<status>`.
 */
export function errorCodeFor(status: number, messages: readonly string[]): ErrorCode {
  const first = messages[0] ?? '';
  const known = catalogCode(first);
  if (known) return known;
  const problem = FIELD_PREFIX.exec(first)?.[1];
  if (problem !== undefined) return catalogCode(problem) ?? `ER-${9000 + status}`;
  return `ER-${status}`;
}
