// Compile-time proof (tsc, `npm run typecheck`) that our answers carry every field Frontegg's published
// client declares as required (`@frontegg/rest-api` 7.119.0, a dev dependency; types only, nothing runs).
// A family adds a line per answer type; a field lost from a contract fails the type check.
import type { IRole, IRolePermission, IRolePermissionCategory } from '@frontegg/rest-api';
import type { AnswerOf, CarriesRequired } from './contract';
import type {
  GetCurrentUserTenantsResponse,
  GetUserJwtResponseDto,
  IAuthStrategiesConfig,
  IGetActivateAccountStrategyResponse,
  IGetUserAuthorizationResponse,
  IImpersonateResponse,
  IOAuthTokenResponse,
  IPasswordRecoveryStrategy,
  ISessionConfigurations,
  ISessionResponse,
  ISignUpResponse,
  ITenantsResponse,
  IUserProfile,
  IVendorConfig,
  ILoginResponse,
  TSignupStrategy,
} from '@frontegg/rest-api';
import type { authContracts as auth } from './auth';
import type { impersonateContracts as impersonate } from './impersonate';
import type { sessionsContracts as sessions } from './sessions';
import type { signupContracts as signup } from './signup';
import type { tenantsContracts as tenants } from './tenants';
import type { usersContracts as users } from './users';
import type {
  IApplicationsResponse,
  IApplicationsTenantAssignmentResponse,
  IAuditsMetadata,
  IGroupConfigResponse,
  IGroupResponse,
  IMetadataIp,
  DomainRestriction,
  DomainRestrictionConfig,
  IpRestriction,
  IPRestrictionsConfig,
  IPValidResponse,
  IPublicSettingsResponse,
  ISecurityPolicy,
  ISecurityPolicyCaptcha,
  ISecurityPolicyLockout,
  ISecurityPolicyMfa,
  ISecurityPolicyPasswordConfig,
  ISecurityPolicyPasswordHistory,
  ISecurityPolicyPasswordRotationConfig,
  ISettingsResponse,
  ITenantApplicationsResponse,
  IUsersApplicationsIdsResponse,
  IUsersOfApplicationsResponse,
} from '@frontegg/rest-api';
import type {
  ICreateStripePaymentMethodSetupResponse,
  ICreateSubscriptionResponse,
  IPaymentProviderResponse,
  IPlanResponse,
  IStripeCustomerResponse,
  IStripePaymentProviderConfigurationResponse,
  ISubscriptionInvoiceResponse,
  ISubscriptionPaymentMethodCardResponse,
  ISubscriptionResponse,
  ISubscriptionSummariesResponse,
  ITenantConfigurationResponse,
  IVendorPublicConfigurationResponse,
  IVendorPublicInfoResponse,
} from '@frontegg/rest-api';
import type { UserEntitlementsContext } from '@frontegg/entitlements-javascript-commons';
import type { billingContracts as billing } from './billing';
import type {
  CreateSubTenantResponse,
  GetHierarchyMetadataResponse,
  IGetTenantsUserCountResponse,
  IParentTenant,
  ISubTenant,
  ISubTenantTree,
  SearchSubTenantsResponse,
} from '@frontegg/rest-api';
import type {
  ICategory,
  IChannelsMap,
  IEmailSMSConfigResponse,
  ISlackChannel,
  ISlackConfigurations,
  ISlackSubscription,
  IWebhookLog,
  IWebhookLogsResponse,
  IWebhooksConfigurations,
} from '@frontegg/rest-api';
import type { connectivityContracts as connectivity } from './connectivity';
import type { hierarchyContracts as hierarchy, subTenantsContracts as subTenants } from './hierarchy';
import type { accountSettingsContracts as accountSettings } from './accountSettings';
import type { applicationsContracts as applications } from './applications';
import type { flagsContracts as flags } from './flags';
import type { groupsContracts as groups } from './groups';
import type { metadataContracts as metadata } from './metadata';
import type { securityPolicyContracts as securityPolicy } from './securityPolicy';
import type { captchaContracts as captcha } from './captcha';
import type { ipRestrictionsContracts as ipRestrictions } from './ipRestrictions';
import type { domainRestrictionsContracts as domainRestrictions } from './domainRestrictions';
import type {
  GetUserGroupsResponse,
  GetUserRolesResponse,
  GetUsersPhoneNumberV2Response,
  ICreatePhoneNumberResponse,
  IDeletePhoneNumberResponse,
  IGetUsersV2Response,
  IInviteLinkConfiguration,
  IInviteUserLinkResponse,
  IPhoneNumber,
  IPreVerifyPhoneNumberResponse,
  IResetPhoneNumberResponse,
  IChangePhoneNumberWithVerificationResponse,
  ITeamStats,
  ITeamUser,
  ITeamUserRole,
  ITemporaryUserConfiguration,
  IUsersV3Data,
  IVerifyResetPhoneNumberResponse,
  PaginationResult,
} from '@frontegg/rest-api';
import type { phoneContracts as phone } from './phone';
import type { teamContracts as team } from './team';
import type {
  IAllowedToRememberMfaDevice,
  ICreateNewDeviceSessionResponse,
  IEnrollMfaResponse,
  IMFAStrategiesResponse,
  IPreDisableMFASMSResponse,
  IPreDisableMFAWebAuthnResponse,
  IPreEnrollMFAAuthenticatorAppResponse,
  IPreEnrollMFASMSResponse,
  IPreEnrollMFAWebAuthnResponse,
  IPreLoginWithIdpTypeResponse,
  IPreVerifyMFAEmailCodeResponse,
  IPreVerifyMFASMSResponse,
  IPreVerifyMFAWebAuthnResponse,
  ISocialLoginProviderConfiguration,
  ISocialLoginProviderConfigurationV2,
  ILoginViaSocialLoginResponse,
  ISSOPublicConfiguration,
  IVerifyMfaResponse,
  IWebAuthnDevice,
  IWebAuthnDevices,
  IWebAuthnPreLoginResponse,
  UserMFADevicesResponse,
  UserMFAWebAuthnDevice,
} from '@frontegg/rest-api';
import type { mfaContracts as mfa } from './mfa';
import type { passwordlessContracts as passwordless } from './passwordless';
import type { socialContracts as social } from './social';
import type { ssoContracts as sso } from './sso';
import type { webauthnContracts as webauthn } from './webauthn';
import type { rolesContracts as roles } from './roles';
import type { apiTokensContracts as apiTokens } from './apiTokens';
import type { ITenantApiTokensData, IUserApiTokensData } from '@frontegg/rest-api';
import type { auditsContracts as audits } from './audits';
import type {
  GetInsightsResponse,
  GetRecommendationsResponse,
  Insight as FronteggInsight,
  Recommendation as FronteggRecommendation,
} from '@frontegg/rest-api';
import type { securityCenterContracts as securityCenter } from './securityCenter';
import type { IAudits, IAuditsStats } from '@frontegg/rest-api';

type Item<T> = T extends readonly (infer U)[] ? U : T;
type Check<Ours, Theirs> = CarriesRequired<Item<Ours>, Theirs>;

export const carried = {
  // groups (the list calls answer `{ groups: [...] }`, as the portal reads them)
  group: true satisfies Check<AnswerOf<typeof groups.getGroupById>, IGroupResponse>,
  groupInList: true satisfies Check<AnswerOf<typeof groups.getGroups>['groups'], IGroupResponse>,
  groupRole: true satisfies Check<
    NonNullable<AnswerOf<typeof groups.getGroupById>['roles']>,
    NonNullable<IGroupResponse['roles']>[number]
  >,
  groupUser: true satisfies Check<
    NonNullable<AnswerOf<typeof groups.getGroupById>['users']>,
    NonNullable<IGroupResponse['users']>[number]
  >,
  groupConfiguration: true satisfies Check<
    AnswerOf<typeof groups.getGroupConfiguration>,
    IGroupConfigResponse
  >,
  // applications
  application: true satisfies Check<AnswerOf<typeof applications.getApplicationsData>, IApplicationsResponse>,
  tenantApplications: true satisfies Check<
    AnswerOf<typeof applications.getTenantsApplications>,
    ITenantApplicationsResponse
  >,
  tenantApplicationsV2: true satisfies Check<
    AnswerOf<typeof applications.getTenantsApplicationsV2>,
    IApplicationsTenantAssignmentResponse
  >,
  usersApplications: true satisfies Check<
    AnswerOf<typeof applications.getUsersApplicationsId>,
    IUsersApplicationsIdsResponse
  >,
  usersOfApplications: true satisfies Check<
    AnswerOf<typeof applications.getUsersOfApplications>,
    IUsersOfApplicationsResponse
  >,
  // account settings, metadata, entitlements
  accountSettings: true satisfies Check<AnswerOf<typeof accountSettings.getSettings>, ISettingsResponse>,
  publicSettings: true satisfies Check<
    AnswerOf<typeof accountSettings.getPublicSettings>,
    IPublicSettingsResponse
  >,
  ipMetadata: true satisfies Check<AnswerOf<typeof metadata.getCurrentUserIpMetadata>, IMetadataIp>,
  auditsMetadata: true satisfies Check<
    Extract<AnswerOf<typeof metadata.getMetadata>['rows'][number], { entityName: 'audits' }>,
    IAuditsMetadata
  >,
  entitlements: true satisfies Check<AnswerOf<typeof flags.loadEntitlementsV2>, UserEntitlementsContext>,
  // security policy
  globalSecurityPolicy: true satisfies Check<
    AnswerOf<typeof securityPolicy.getGlobalSecurityPolicy>,
    ISecurityPolicy
  >,
  lockoutPolicy: true satisfies Check<
    AnswerOf<typeof securityPolicy.getLockoutPolicy>,
    ISecurityPolicyLockout
  >,
  passwordHistoryPolicy: true satisfies Check<
    AnswerOf<typeof securityPolicy.getPasswordHistoryPolicy>,
    ISecurityPolicyPasswordHistory
  >,
  mfaPolicy: true satisfies Check<AnswerOf<typeof securityPolicy.getMfaPolicy>, ISecurityPolicyMfa>,
  captchaPolicy: true satisfies Check<AnswerOf<typeof captcha.getCaptchaPolicy>, ISecurityPolicyCaptcha>,
  passwordRotationPolicy: true satisfies Check<
    AnswerOf<typeof securityPolicy.getPasswordRotationPolicy>,
    ISecurityPolicyPasswordRotationConfig
  >,
  passwordConfigPolicy: true satisfies Check<
    AnswerOf<typeof securityPolicy.getPasswordConfigPolicy>,
    ISecurityPolicyPasswordConfig
  >,
  // API tokens
  userApiToken: true satisfies Check<AnswerOf<typeof apiTokens.getUserApiTokensData>, IUserApiTokensData>,
  userApiTokenCreated: true satisfies Check<
    AnswerOf<typeof apiTokens.updateUserApiTokensData>,
    IUserApiTokensData
  >,
  tenantApiToken: true satisfies Check<
    AnswerOf<typeof apiTokens.getTenantApiTokensData>,
    ITenantApiTokensData
  >,
  tenantApiTokenCreated: true satisfies Check<
    AnswerOf<typeof apiTokens.updateTenantApiTokensData>,
    ITenantApiTokensData
  >,
  // audits (their AuditRowData is a legacy row shape — _id, __v, resource, time, user — that the portal never
  // reads; rows follow AUDITS-001 with frontegg_id: shared/api/contracts/audits.ts)
  auditsPage: true satisfies Check<AnswerOf<typeof audits.getAudits>, Omit<IAudits, 'data'>>,
  auditsStats: true satisfies Check<AnswerOf<typeof audits.getAuditsStats>, IAuditsStats>,
  // IP restrictions
  ipRestriction: true satisfies Check<
    AnswerOf<typeof ipRestrictions.getIPRestrictions>['items'],
    IpRestriction
  >,
  ipRestrictionsConfig: true satisfies Check<
    AnswerOf<typeof ipRestrictions.getIPRestrictionsConfig>,
    IPRestrictionsConfig
  >,
  ipValid: true satisfies Check<AnswerOf<typeof ipRestrictions.testCurrentIp>, IPValidResponse>,
  // Email-domain restrictions
  domainRestriction: true satisfies Check<
    AnswerOf<typeof domainRestrictions.getDomainRestrictions>['items'],
    DomainRestriction
  >,
  domainRestrictionsConfig: true satisfies Check<
    AnswerOf<typeof domainRestrictions.getDomainRestrictionsConfig>,
    DomainRestrictionConfig
  >,
  // roles
  role: true satisfies Check<AnswerOf<typeof roles.getRoles>, IRole>,
  permission: true satisfies Check<AnswerOf<typeof roles.getPermissions>, IRolePermission>,
  permissionCategory: true satisfies Check<
    AnswerOf<typeof roles.getPermissionCategories>,
    IRolePermissionCategory
  >,
  // mfa
  allowRememberMfaDevice: true satisfies Check<
    AnswerOf<typeof mfa.checkIfAllowToRememberMfaDevice>,
    IAllowedToRememberMfaDevice
  >,
  mfaStrategies: true satisfies Check<AnswerOf<typeof mfa.getMFAStrategiesConfig>, IMFAStrategiesResponse>,
  mfaDevices: true satisfies Check<AnswerOf<typeof mfa.getMFADevices>, UserMFADevicesResponse>,
  mfaDeviceWebauthn: true satisfies Check<
    AnswerOf<typeof mfa.getMFADevices>['webauthn'],
    UserMFAWebAuthnDevice
  >,
  preEnrollAuthenticatorForLogin: true satisfies Check<
    AnswerOf<typeof mfa.preEnrollMFAAuthenticatorAppForLogin>,
    IPreEnrollMFAAuthenticatorAppResponse
  >,
  preEnrollAuthenticator: true satisfies Check<
    AnswerOf<typeof mfa.preEnrollMFAAuthenticatorApp>,
    IPreEnrollMFAAuthenticatorAppResponse
  >,
  enrollMfa: true satisfies Check<AnswerOf<typeof mfa.enrollMfa>, IEnrollMfaResponse>,
  verifyMfa: true satisfies Check<AnswerOf<typeof mfa.verifyMfa>, IVerifyMfaResponse>,
  preEnrollSmsForLogin: true satisfies Check<
    AnswerOf<typeof mfa.preEnrollMFASMSForLogin>,
    IPreEnrollMFASMSResponse
  >,
  preEnrollSms: true satisfies Check<AnswerOf<typeof mfa.preEnrollMFASMS>, IPreEnrollMFASMSResponse>,
  preVerifySms: true satisfies Check<AnswerOf<typeof mfa.preVerifyMFASMSForLogin>, IPreVerifyMFASMSResponse>,
  preVerifyEmailCode: true satisfies Check<
    AnswerOf<typeof mfa.preVerifyMFAEmailCode>,
    IPreVerifyMFAEmailCodeResponse
  >,
  preDisableSms: true satisfies Check<AnswerOf<typeof mfa.preDisableMFASMS>, IPreDisableMFASMSResponse>,
  // webauthn
  webAuthnPreLogin: true satisfies Check<
    AnswerOf<typeof webauthn.webAuthnPreLogin>,
    IWebAuthnPreLoginResponse
  >,
  webAuthnNewDevice: true satisfies Check<
    AnswerOf<typeof webauthn.webAuthnCreateNewDeviceSession>,
    ICreateNewDeviceSessionResponse
  >,
  webAuthnDevices: true satisfies Check<AnswerOf<typeof webauthn.getWebAuthnDevices>, IWebAuthnDevices>,
  webAuthnDevice: true satisfies Check<
    AnswerOf<typeof webauthn.getWebAuthnDevices>['devices'],
    IWebAuthnDevice
  >,
  preEnrollWebAuthnForLogin: true satisfies Check<
    AnswerOf<typeof webauthn.preEnrollMFAWebAuthnForLogin>,
    IPreEnrollMFAWebAuthnResponse
  >,
  preEnrollWebAuthn: true satisfies Check<
    AnswerOf<typeof webauthn.preEnrollMFAWebAuthn>,
    IPreEnrollMFAWebAuthnResponse
  >,
  preVerifyWebAuthn: true satisfies Check<
    AnswerOf<typeof webauthn.preVerifyMFAWebAuthnForLogin>,
    IPreVerifyMFAWebAuthnResponse
  >,
  preDisableWebAuthn: true satisfies Check<
    AnswerOf<typeof webauthn.preDisableMFAWebAuthn>,
    IPreDisableMFAWebAuthnResponse
  >,
  // passwordless, social, sso
  preLogin: true satisfies Check<AnswerOf<typeof passwordless.preLoginV2>, IPreLoginWithIdpTypeResponse>,
  socialProviders: true satisfies Check<
    AnswerOf<typeof social.getSocialLoginProviders>,
    ISocialLoginProviderConfiguration
  >,
  socialLogin: true satisfies Check<
    Extract<AnswerOf<typeof social.loginViaSocialLogin>, { accessToken: string }>,
    ILoginViaSocialLoginResponse
  >,
  socialProvidersV2: true satisfies Check<
    AnswerOf<typeof social.getSocialLoginProvidersV2>,
    ISocialLoginProviderConfigurationV2
  >,
  ssoPublic: true satisfies Check<AnswerOf<typeof sso.getSSOPublicConfiguration>, ISSOPublicConfiguration>,
  // team, phone
  teamUser: true satisfies Check<AnswerOf<typeof team.getUserById>, ITeamUser>,
  usersV2User: true satisfies Check<AnswerOf<typeof team.getUsersV2>['items'], IGetUsersV2Response>,
  usersV3User: true satisfies Check<AnswerOf<typeof team.getUsersV3>['items'], IUsersV3Data>,
  teamMembersPage: true satisfies Check<AnswerOf<typeof team.loadUsers>, PaginationResult<ITeamUser>>,
  teamMember: true satisfies Check<AnswerOf<typeof team.loadUsers>['items'], ITeamUser>,
  deletedUser: true satisfies Check<AnswerOf<typeof team.deleteUser>, ITeamUser>,
  usersRoles: true satisfies Check<AnswerOf<typeof team.getUsersRoles>, GetUserRolesResponse>,
  usersGroups: true satisfies Check<AnswerOf<typeof team.getUsersGroups>, GetUserGroupsResponse>,
  availableRole: true satisfies Check<AnswerOf<typeof team.loadAvailableRoles>, ITeamUserRole>,
  teamStats: true satisfies Check<AnswerOf<typeof team.loadStats>, ITeamStats>,
  inviteLink: true satisfies Check<AnswerOf<typeof team.createInviteUserLink>, IInviteUserLinkResponse>,
  inviteLinkConfiguration: true satisfies Check<
    AnswerOf<typeof team.getInviteLinkConfiguration>,
    IInviteLinkConfiguration
  >,
  temporaryUserConfiguration: true satisfies Check<
    AnswerOf<typeof team.getTemporaryUserConfiguration>,
    ITemporaryUserConfiguration
  >,
  phoneNumber: true satisfies Check<AnswerOf<typeof phone.getUserOwnPhoneNumbers>, IPhoneNumber>,
  phoneNumbersPage: true satisfies Check<AnswerOf<typeof phone.getUserPhoneNumbers>['items'], IPhoneNumber>,
  usersPhoneNumber: true satisfies Check<
    AnswerOf<typeof phone.getUsersPhoneNumberV2>['items'],
    GetUsersPhoneNumberV2Response
  >,
  createdPhoneNumber: true satisfies Check<
    AnswerOf<typeof phone.createPhoneNumber>,
    ICreatePhoneNumberResponse
  >,
  preVerifiedPhoneNumber: true satisfies Check<
    AnswerOf<typeof phone.preVerifyPhoneNumber>,
    IPreVerifyPhoneNumberResponse
  >,
  deletedPhoneNumber: true satisfies Check<
    AnswerOf<typeof phone.deletePhoneNumber>,
    IDeletePhoneNumberResponse
  >,
  resetPhoneNumber: true satisfies Check<AnswerOf<typeof phone.resetPhoneNumber>, IResetPhoneNumberResponse>,
  verifyResetPhoneNumber: true satisfies Check<
    AnswerOf<typeof phone.verifyResetPhoneNumber>,
    IVerifyResetPhoneNumberResponse
  >,
  changePhoneWithVerification: true satisfies Check<
    AnswerOf<typeof phone.changePhoneNumberWithVerification>,
    IChangePhoneNumberWithVerificationResponse
  >,
  // auth core (refreshToken and id_token travel otherwise: docs/decisions/0012-wire-contract.md)
  userProfile: true satisfies Check<AnswerOf<typeof users.getMeV2>, IUserProfile>,
  updatedProfile: true satisfies Check<AnswerOf<typeof users.updateUserProfileV2>, IUserProfile>,
  signedInUser: true satisfies Check<
    Extract<AnswerOf<typeof auth.login>, { mfaRequired: false; user: unknown }>['user'],
    IUserProfile
  >,
  signedIn: true satisfies Check<
    Extract<AnswerOf<typeof auth.login>, { mfaRequired: false; user: unknown }>,
    Omit<ILoginResponse, keyof IUserProfile | 'refreshToken'>
  >,
  userAuthorization: true satisfies Check<
    AnswerOf<typeof users.getUserAuthorization>,
    IGetUserAuthorizationResponse
  >,
  currentUserTenantsV1: true satisfies Check<
    AnswerOf<typeof users.getCurrentUserTenantsV1>,
    GetCurrentUserTenantsResponse
  >,
  currentUserTenantsV3: true satisfies Check<
    AnswerOf<typeof users.getCurrentUserTenantsV3>,
    GetCurrentUserTenantsResponse
  >,
  tenant: true satisfies Check<AnswerOf<typeof tenants.getTenants>, ITenantsResponse>,
  userJwt: true satisfies Check<AnswerOf<typeof users.GetUserJwt>, GetUserJwtResponseDto>,
  vendorConfig: true satisfies Check<AnswerOf<typeof auth.getVendorConfig>, IVendorConfig>,
  authStrategies: true satisfies Check<
    AnswerOf<typeof auth.getVendorPublicAuthStrategiesConfig>,
    IAuthStrategiesConfig
  >,
  signUpStrategy: true satisfies Check<AnswerOf<typeof auth.getSignUpStrategies>, TSignupStrategy>,
  passwordRecoveryStrategy: true satisfies Check<
    AnswerOf<typeof auth.getPasswordRecoveryStrategies>,
    IPasswordRecoveryStrategy
  >,
  oauthTokens: true satisfies Check<
    AnswerOf<typeof auth.exchangeOAuthTokens>,
    Omit<IOAuthTokenResponse, 'id_token'>
  >,
  loginSession: true satisfies Check<AnswerOf<typeof sessions.getCurrentUserSessions>, ISessionResponse>,
  sessionConfiguration: true satisfies Check<
    AnswerOf<typeof sessions.getSessionConfigurations>,
    ISessionConfigurations
  >,
  signUp: true satisfies Check<AnswerOf<typeof signup.signUpUser>, ISignUpResponse>,
  activateStrategy: true satisfies Check<
    AnswerOf<typeof signup.getActivateAccountStrategy>,
    IGetActivateAccountStrategyResponse
  >,
  impersonation: true satisfies Check<
    AnswerOf<typeof impersonate.impersonate>,
    Omit<IImpersonateResponse, 'refreshToken'>
  >,
  // security center
  recommendations: true satisfies Check<
    AnswerOf<typeof securityCenter.getRecommendations>,
    GetRecommendationsResponse
  >,
  recommendation: true satisfies Check<
    AnswerOf<typeof securityCenter.getRecommendations>['recommendations']['items'],
    FronteggRecommendation
  >,
  insights: true satisfies Check<AnswerOf<typeof securityCenter.getInsights>, GetInsightsResponse>,
  insight: true satisfies Check<
    AnswerOf<typeof securityCenter.getInsights>['insights']['items'],
    FronteggInsight
  >,
  // billing
  plan: true satisfies Check<AnswerOf<typeof billing.getSubscriptionPlan>, IPlanResponse>,
  planPrice: true satisfies Check<
    AnswerOf<typeof billing.getSubscriptionPlan>['price'],
    IPlanResponse['price']
  >,
  subscription: true satisfies Check<AnswerOf<typeof billing.getSubscription>, ISubscriptionResponse>,
  managedSubscription: true satisfies Check<
    AnswerOf<typeof billing.getManagedSubscription>,
    ISubscriptionResponse
  >,
  invoice: true satisfies Check<
    AnswerOf<typeof billing.getSubscriptionInvoice>,
    ISubscriptionInvoiceResponse
  >,
  card: true satisfies Check<
    Extract<AnswerOf<typeof billing.getPaymentMethod>, { type: 'card' }>,
    ISubscriptionPaymentMethodCardResponse
  >,
  billingSummary: true satisfies Check<
    AnswerOf<typeof billing.getSubscriptionSummaries>,
    ISubscriptionSummariesResponse
  >,
  tenantConfiguration: true satisfies Check<
    AnswerOf<typeof billing.getTenantConfiguration>,
    ITenantConfigurationResponse
  >,
  paymentProvider: true satisfies Check<
    AnswerOf<typeof billing.getPaymentProviders>[number],
    IPaymentProviderResponse
  >,
  stripeConfiguration: true satisfies Check<
    AnswerOf<typeof billing.getStripePaymentProviderConfiguration>,
    IStripePaymentProviderConfigurationResponse
  >,
  stripeCustomer: true satisfies Check<AnswerOf<typeof billing.getStripeCustomer>, IStripeCustomerResponse>,
  setupIntent: true satisfies Check<
    AnswerOf<typeof billing.createStripePaymentMethodSetupIntentSecret>,
    ICreateStripePaymentMethodSetupResponse
  >,
  createdSubscription: true satisfies Check<
    AnswerOf<typeof billing.createSubscription>,
    ICreateSubscriptionResponse
  >,
  vendorBillingConfiguration: true satisfies Check<
    AnswerOf<typeof billing.getVendorPublicConfigurations>[number],
    IVendorPublicConfigurationResponse
  >,
  vendorPublicInfo: true satisfies Check<
    AnswerOf<typeof billing.getVendorPublicInfo>,
    IVendorPublicInfoResponse
  >,
  // the account hierarchy
  subTenant: true satisfies Check<AnswerOf<typeof hierarchy.getSubTenants>, ISubTenant>,
  subTenantTree: true satisfies Check<AnswerOf<typeof hierarchy.getSubTenantsAsTree>, ISubTenantTree>,
  parentTenant: true satisfies Check<AnswerOf<typeof hierarchy.getParentTenants>, IParentTenant>,
  tenantUsersCount: true satisfies Check<
    AnswerOf<typeof hierarchy.getTenantsUsersCount>,
    IGetTenantsUserCountResponse
  >,
  searchedSubTenant: true satisfies Check<
    AnswerOf<typeof hierarchy.searchSubTenants>['items'],
    SearchSubTenantsResponse
  >,
  hierarchyMetadata: true satisfies Check<
    AnswerOf<typeof hierarchy.getHierarchyMetadata>,
    GetHierarchyMetadataResponse
  >,
  createdSubTenant: true satisfies Check<
    AnswerOf<typeof subTenants.createSubTenant>,
    CreateSubTenantResponse
  >,
  // connectivity
  eventCategory: true satisfies Check<AnswerOf<typeof connectivity.getCategories>[number], ICategory>,
  channelMap: true satisfies Check<AnswerOf<typeof connectivity.getChannelMaps>[number], IChannelsMap>,
  webhook: true satisfies Check<
    AnswerOf<typeof connectivity.getWebhooksConfigurations>[number],
    IWebhooksConfigurations
  >,
  webhookLogs: true satisfies Check<AnswerOf<typeof connectivity.getWebhookLog>, IWebhookLogsResponse>,
  webhookLog: true satisfies Check<AnswerOf<typeof connectivity.postWebhookTest>, IWebhookLog>,
  emailConfiguration: true satisfies Check<
    AnswerOf<typeof connectivity.getEmailConfiguration>[number],
    IEmailSMSConfigResponse
  >,
  slackConfiguration: true satisfies Check<
    AnswerOf<typeof connectivity.getSlackConfiguration>,
    ISlackConfigurations
  >,
  slackSubscription: true satisfies Check<
    AnswerOf<typeof connectivity.postSlackConfiguration>,
    ISlackSubscription
  >,
  slackChannel: true satisfies Check<AnswerOf<typeof connectivity.getSlackChannels>[number], ISlackChannel>,
} as const;
