// Email-domain restrictions (SECURITY-014/015): the tenant's allow and block entries of email domains and its
// config (active, blockPublicDomains, listType). The email-domain calls of the `securityPolicy` group of the
// paths table, in Frontegg's shapes (DomainRestriction, CreateDomainRestriction, DomainRestrictionConfig,
// UpdateDomainRestrictionsConfig).
//
// How the server applies them (server/domainRestrictions): with the config active, an ALLOW list lets in only
// emails whose domain (or a parent domain of it) is an ALLOW entry — an empty allow list lets in nobody — and a
// BLOCK list refuses emails whose domain (or a parent) is a BLOCK entry. Entries of the other type are kept but
// not applied. `blockPublicDomains` refuses free-mail providers (gmail.com…) whether or not the list is active.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, paginated, param } from './common';

/** Frontegg's RestrictionType. */
export const domainRestrictionType = z.enum(['ALLOW', 'BLOCK']);
export type DomainRestrictionType = z.infer<typeof domainRestrictionType>;

/** A list type as a client sends it: `allow` and `ALLOW` alike. */
const typeInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(domainRestrictionType.options, { message: 'Must be ALLOW or BLOCK' }),
);

/** The list defaults (SECURITY-015). */
export const DOMAIN_RESTRICTIONS_DEFAULT_LIMIT = 10;
export const DOMAIN_RESTRICTIONS_DEFAULT_OFFSET = 0;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level domain: letters, or an IDN in its punycode form. */
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Why `value` (trimmed, lower-cased) is not an email domain, or null when it is one: a host name of at least two
 * labels (`example.com`, `mail.example.co.uk`), no scheme, path, port, `@` or wildcard. International names in
 * their punycode form (`xn--…`).
 */
export function domainProblem(value: string): string | null {
  if (value.includes('@')) return 'Enter the domain only, without the part before "@" (e.g. example.com)';
  if (value.includes('*')) return 'Wildcards are not supported: enter the domain (it covers its subdomains)';
  if (/[/:?#\s]/.test(value)) return 'Enter a domain name, not a URL (e.g. example.com)';
  if (/[^ -~]/.test(value)) return 'Enter an international domain in its punycode form (xn--…)';
  if (value.length > 253) return 'A domain name has at most 253 characters';
  const labels = value.split('.');
  if (labels.length < 2) return 'Enter a full domain name (e.g. example.com)';
  if (!labels.every((label) => LABEL.test(label)) || !TLD.test(labels.at(-1)!))
    return 'Not a valid domain name (letters, digits and hyphens between dots, e.g. example.com)';
  return null;
}

/** A domain as stored and compared: trimmed, lower-case, without a trailing dot. */
export const normalizeDomain = (value: string): string => value.trim().toLowerCase().replace(/\.$/, '');

/** An entry's domain: normalised, then checked (see `domainProblem`). */
export const emailDomain = z
  .string()
  .max(300)
  .transform(normalizeDomain)
  .pipe(
    z
      .string()
      .min(1, 'Required')
      .superRefine((value, ctx) => {
        const problem = domainProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  );

/** An entry (SECURITY-014; Frontegg's DomainRestriction). */
export const domainRestriction = z.object({ id, domain: z.string(), type: domainRestrictionType });

/** The tenant's config (SECURITY-014; Frontegg's DomainRestrictionConfig). */
export const domainRestrictionsConfig = z.object({
  active: z.boolean(),
  blockPublicDomains: z.boolean(),
  listType: domainRestrictionType,
});

/**
 * The list query: `_offset` 0 and `_limit` 10 by default (SECURITY-015). `_offset` is a page index, as in
 * Frontegg's pagination (offset 1 with limit 10 is entries 11 to 20). Frontegg's client sends none of them.
 */
export const domainRestrictionsQuery = z.object({
  _offset: param(z.coerce.number().int().min(0).max(1_000_000)),
  _limit: param(z.coerce.number().int().min(1).max(100)),
});

/** One entry to add (Frontegg's CreateDomainRestriction); `type` defaults to the config's list type. */
export const createDomainRestrictionBody = z.object({ domain: emailDomain, type: typeInput.optional() });

/** The config to save (Frontegg's UpdateDomainRestrictionsConfig: the list type is sent as `type`). */
export const updateDomainRestrictionsConfigBody = z.object({
  active: z.boolean(),
  blockPublicDomains: z.boolean().optional(),
  type: typeInput.optional(),
});

const p = paths.securityPolicy;

export const domainRestrictionsContracts = {
  /** The tenant's entries of both types, oldest first. */
  getDomainRestrictions: contract({
    route: p.getDomainRestrictions,
    query: domainRestrictionsQuery,
    response: paginated(domainRestriction),
  }),
  /** Adds an entry; the same domain already on the same list answers the existing entry. */
  createDomainRestriction: contract({
    route: p.createDomainRestriction,
    body: createDomainRestrictionBody,
    response: domainRestriction,
    status: 201,
  }),
  deleteDomainRestriction: contract({
    route: p.deleteDomainRestriction,
    params: z.object({ id }),
    response: empty,
  }),
  /** Inactive, BLOCK and public domains allowed until the tenant saves one. */
  getDomainRestrictionsConfig: contract({
    route: p.getDomainRestrictionsConfig,
    response: domainRestrictionsConfig,
  }),
  updateDomainRestrictionConfig: contract({
    route: p.updateDomainRestrictionConfig,
    body: updateDomainRestrictionsConfigBody,
    response: domainRestrictionsConfig,
  }),
} as const;
