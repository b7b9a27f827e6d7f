// The calls of the portal's Security page (SECURITY-001..020): the session policy, the MFA, lockout,
// password-history, password-rules, password-rotation and captcha policies, the IP restrictions and the
// email-domain restrictions.
import { adminPortalApi, type ApiClient } from './client';
import type { captchaContracts as cc } from './contracts/captcha';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { domainRestrictionsContracts as dc } from './contracts/domainRestrictions';
import type { ipRestrictionsContracts as ip } from './contracts/ipRestrictions';
import type { securityPolicyContracts as sp } from './contracts/securityPolicy';
import type { sessionsContracts as sc } from './contracts/sessions';
import { passwordRulesOf, type PasswordRules } from './passwordRules';
import { paths } from './paths';

export type { PasswordRules } from './passwordRules';

/** The tenant's session policy (SESSIONS-002). */
export type SessionConfiguration = AnswerOf<typeof sc.getSessionConfigurations>;
export type SessionConfigurationPatch = BodyOf<typeof sc.createOrUpdateSessionConfigrations>;

export type MfaPolicy = AnswerOf<typeof sp.getMfaPolicy>;
type GlobalSecurityPolicy = AnswerOf<typeof sp.getGlobalSecurityPolicy>;
type PasswordTestConfig = AnswerOf<typeof sp.getPasswordConfigPolicy>;
export type LockoutPolicy = AnswerOf<typeof sp.getLockoutPolicy>;
export type PasswordHistoryPolicy = AnswerOf<typeof sp.getPasswordHistoryPolicy>;
export type MfaPolicyInput = BodyOf<typeof sp.saveMfaPolicy>;
export type LockoutPolicyInput = BodyOf<typeof sp.saveLockoutPolicy>;
export type PasswordHistoryPolicyInput = BodyOf<typeof sp.savePasswordHistoryPolicy>;
/** Password rules (SECURITY-020): read as Frontegg's TestConfig, shown and saved as our flat fields. */
export type PasswordRulesInput = BodyOf<typeof sp.savePasswordConfigPolicy>;
export type PasswordRotationPolicy = AnswerOf<typeof sp.getPasswordRotationPolicy>;
export type PasswordRotationPolicyInput = BodyOf<typeof sp.savePasswordRotationPolicy>;
export type CaptchaPolicy = AnswerOf<typeof cc.getTenantCaptchaPolicy>;
export type CaptchaPolicyInput = BodyOf<typeof cc.saveCaptchaPolicy>;
/** Which password policies the vendor lets an account set (the global policy's allowOverride flags). */
export interface VendorOverrides {
  passwordComplexity: boolean;
  passwordExpiration: boolean;
  passwordHistory: boolean;
}

/** An IP restriction entry (SECURITY-005) and the tenant's config (SECURITY-006). */
export type IpRestriction = AnswerOf<typeof ip.getIPRestrictions>['items'][number];
export type IpRestrictionsConfig = AnswerOf<typeof ip.getIPRestrictionsConfig>;
export type IpRestrictionInput = BodyOf<typeof ip.createIPRestriction>;
export type IpRestrictionsPage = AnswerOf<typeof ip.getIPRestrictions>;
export type RestrictionStrategy = IpRestriction['strategy'];

/** An email-domain restriction and the tenant's config (SECURITY-014). */
export type DomainRestriction = AnswerOf<typeof dc.getDomainRestrictions>['items'][number];
export type DomainRestrictionsConfig = AnswerOf<typeof dc.getDomainRestrictionsConfig>;
export type DomainRestrictionsPage = AnswerOf<typeof dc.getDomainRestrictions>;
/** A config save: the list type is sent as `type` (Frontegg's UpdateDomainRestrictionsConfig). */
export type DomainRestrictionsConfigInput = BodyOf<typeof dc.updateDomainRestrictionConfig>;

/** The general settings the page shows together (SECURITY-002). */
export interface GeneralPolicies {
  mfa: MfaPolicy;
  lockout: LockoutPolicy;
  passwordHistory: PasswordHistoryPolicy;
  passwordRules: PasswordRules;
  passwordRotation: PasswordRotationPolicy;
  captcha: CaptchaPolicy;
  vendor: VendorOverrides;
}

const s = paths.securityPolicy;

/** The calls of the Security page, bound to a client. */
export function createSecurityPolicyApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET configurations/sessions v1. */
    getSessionConfiguration: () => client.request<SessionConfiguration>(paths.auth.getSessionConfigurations),
    /** POST configurations/sessions v1: the parts given; the rest keeps its value. */
    saveSessionConfiguration: (patch: SessionConfigurationPatch) =>
      client.request<SessionConfiguration>(paths.auth.createOrUpdateSessionConfigrations, { body: patch }),

    /**
     * The policies of the General tab in effect in the tenant, and which of them the vendor lets the account
     * set (the global policy's flags).
     */
    async getGeneralPolicies(): Promise<GeneralPolicies> {
      const [mfa, lockout, passwordHistory, passwordConfig, passwordRotation, captcha, global] =
        await Promise.all([
          client.request<MfaPolicy>(s.getMfaPolicy),
          client.request<LockoutPolicy>(s.getLockoutPolicy),
          client.request<PasswordHistoryPolicy>(s.getPasswordHistoryPolicy),
          client.request<PasswordTestConfig>(s.getPasswordConfigPolicy),
          client.request<PasswordRotationPolicy>(s.getPasswordRotationPolicy),
          client.request<CaptchaPolicy>(s.getTenantCaptchaPolicy),
          client.request<GlobalSecurityPolicy>(s.getGlobalSecurityPolicy),
        ]);
      return {
        mfa,
        lockout,
        passwordHistory,
        passwordRules: passwordRulesOf(passwordConfig),
        passwordRotation,
        captcha,
        vendor: {
          passwordComplexity: global.allowOverridePasswordComplexity,
          passwordExpiration: global.allowOverridePasswordExpiration,
          passwordHistory: global.allowOverrideEnforcePasswordHistory,
        },
      };
    },
    saveMfaPolicy: (input: MfaPolicyInput) =>
      client.request<MfaPolicyInput>(s.saveMfaPolicy, { body: input }),
    saveLockoutPolicy: (input: LockoutPolicyInput) =>
      client.request<LockoutPolicyInput>(s.saveLockoutPolicy, { body: input }),
    savePasswordHistoryPolicy: (input: PasswordHistoryPolicyInput) =>
      client.request<PasswordHistoryPolicyInput>(s.savePasswordHistoryPolicy, { body: input }),
    /** Saves the rules given; answers all the rules in effect. */
    savePasswordRules: async (input: PasswordRulesInput): Promise<PasswordRules> =>
      passwordRulesOf(await client.request<PasswordTestConfig>(s.savePasswordConfigPolicy, { body: input })),
    savePasswordRotationPolicy: (input: PasswordRotationPolicyInput) =>
      client.request<PasswordRotationPolicy>(s.savePasswordRotationPolicy, { body: input }),
    saveCaptchaPolicy: (input: CaptchaPolicyInput) =>
      client.request<CaptchaPolicy>(s.saveCaptchaPolicy, { body: input }),

    /** GET restrictions/ip: one page (`offset` is the page index) of one list (allow or block). */
    getIpRestrictions: (query: { offset: number; limit: number; filter: RestrictionStrategy }) =>
      client.request<IpRestrictionsPage>(s.getIPRestrictions, {
        query: { _offset: query.offset, _limit: query.limit, _filter: query.filter },
      }),
    createIpRestriction: (input: IpRestrictionInput) =>
      client.request<IpRestriction>(s.createIPRestriction, { body: input }),
    bulkCreateIpRestrictions: (ips: IpRestrictionInput[]) =>
      client.request<IpRestriction[]>(s.bulkCreateIPRestriction, { body: { ips } }),
    deleteIpRestriction: (id: string) => client.request<void>(s.deleteIPRestriction, { params: { id } }),
    getIpRestrictionsConfig: () => client.request<IpRestrictionsConfig>(s.getIPRestrictionsConfig),
    saveIpRestrictionsConfig: (config: IpRestrictionsConfig) =>
      client.request<IpRestrictionsConfig>(s.updateIPRestrictionConfig, { body: config }),
    /** Does the caller's own address pass the rules as they stand (`userIpValid`, SECURITY-007)? */
    testCurrentIp: async () => (await client.request<{ valid: boolean }>(s.testCurrentIp)).valid,
    /** Is the caller's own address on an active entry of the allow list? */
    testCurrentIpInAllowList: async () =>
      (await client.request<{ valid: boolean }>(s.testCurrentIpInAllowList)).valid,

    /** GET restrictions/v1/email-domain (SECURITY-015: limit 10, offset 0 unless told). */
    getDomainRestrictions: (query: { offset: number; limit: number } = { offset: 0, limit: 10 }) =>
      client.request<DomainRestrictionsPage>(s.getDomainRestrictions, {
        query: { _offset: query.offset, _limit: query.limit },
      }),
    createDomainRestriction: (input: { domain: string; type: RestrictionStrategy }) =>
      client.request<DomainRestriction>(s.createDomainRestriction, { body: input }),
    deleteDomainRestriction: (id: string) =>
      client.request<void>(s.deleteDomainRestriction, { params: { id } }),
    getDomainRestrictionsConfig: () =>
      client.request<DomainRestrictionsConfig>(s.getDomainRestrictionsConfig),
    saveDomainRestrictionsConfig: (config: DomainRestrictionsConfigInput) =>
      client.request<DomainRestrictionsConfig>(s.updateDomainRestrictionConfig, { body: config }),
  };
}

export type SecurityPolicyApi = ReturnType<typeof createSecurityPolicyApi>;

export const securityPolicyApi: SecurityPolicyApi = createSecurityPolicyApi(adminPortalApi);
