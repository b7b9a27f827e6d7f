import { createTheme, parseThemeInput } from '../../themes';
import { FRAMEWORKS, type HostOptionsInput } from './options';

type OptionKey = keyof HostOptionsInput;
type AttributeKind =
  | { type: 'string' }
  | { type: 'boolean' }
  | { type: 'json' }
  | { type: 'list' }
  | { type: 'enum'; values: readonly string[] };

export interface OptionAttribute {
  attribute: string;
  option: OptionKey;
  kind: AttributeKind;
}

const string = { type: 'string' } as const;
const boolean = { type: 'boolean' } as const;
const json = { type: 'json' } as const;
const oneOf = (...values: string[]) => ({ type: 'enum', values }) as const;

/** Every host option that an attribute of any element can set (kebab-case strings parsed by our code). */
export const optionAttributes = [
  { attribute: 'base-url', option: 'baseUrl', kind: string },
  { attribute: 'preview', option: 'preview', kind: boolean },
  { attribute: 'hosted-login-box', option: 'hostedLoginBox', kind: boolean },
  { attribute: 'theme', option: 'theme', kind: json },
  { attribute: 'theme-mode', option: 'themeMode', kind: oneOf('light', 'dark') },
  { attribute: 'navigation', option: 'navigation', kind: json },
  { attribute: 'portal', option: 'portal', kind: json },
  { attribute: 'localizations', option: 'localizations', kind: json },
  { attribute: 'locale', option: 'locale', kind: string },
  { attribute: 'entitlements', option: 'entitlements', kind: json },
  { attribute: 'tag-manager', option: 'tagManager', kind: json },
  { attribute: 'enforce-redirect-to-same-site', option: 'enforceRedirectToSameSite', kind: boolean },
  { attribute: 'allowed-redirect-origins', option: 'allowedRedirectOrigins', kind: { type: 'list' } },
  { attribute: 'url-strategy', option: 'urlStrategy', kind: oneOf('path', 'hash') },
  {
    attribute: 'request-credentials',
    option: 'requestCredentials',
    kind: oneOf('include', 'same-origin', 'omit'),
  },
  { attribute: 'routes', option: 'routes', kind: json },
  { attribute: 'lazy', option: 'lazy', kind: boolean },
  {
    attribute: 'log-level',
    option: 'logLevel',
    kind: oneOf('debug', 'info', 'warn', 'error', 'none'),
  },
  {
    attribute: 'framework',
    option: 'framework',
    kind: oneOf(...FRAMEWORKS),
  },
  { attribute: 'login-alias', option: 'loginAlias', kind: string },
  { attribute: 'application-id', option: 'applicationId', kind: string },
  { attribute: 'nonce', option: 'cspNonce', kind: string },
] as const satisfies readonly OptionAttribute[];

export const optionAttributeNames = optionAttributes.map((a) => a.attribute);
const byName = new Map<string, OptionAttribute>(optionAttributes.map((a) => [a.attribute, a]));

/** The result of reading one attribute: a value to set, or `invalid` to keep the previous value. */
export type ParsedAttribute = { option: OptionKey; value: unknown } | { option: OptionKey; invalid: string };

/**
 * Parses one attribute value. A removed attribute (null) resets the option to its default (undefined);
 * a value that does not parse is reported as invalid and the caller keeps the previous value.
 */
export function parseOptionAttribute(attribute: string, raw: string | null): ParsedAttribute | undefined {
  const spec = byName.get(attribute);
  if (!spec) return undefined;
  const { option, kind } = spec;
  if (raw === null) return { option, value: undefined };
  switch (kind.type) {
    case 'string':
      return { option, value: raw };
    case 'boolean':
      // Present without a value, or any value but "false", means on (HTML boolean attributes).
      return { option, value: raw.trim().toLowerCase() !== 'false' };
    case 'list':
      return { option, value: raw.split(/[\s,]+/).filter(Boolean) };
    case 'enum':
      return kind.values.includes(raw)
        ? { option, value: raw }
        : { option, invalid: `"${raw}" is not one of ${kind.values.join(', ')}` };
    case 'json':
      try {
        const value: unknown = JSON.parse(raw);
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          return { option, invalid: 'expected a JSON object' };
        }
        return { option, value };
      } catch (error) {
        return { option, invalid: `invalid JSON (${(error as Error).message})` };
      }
  }
}

const byOption = new Map<OptionKey, OptionAttribute>(optionAttributes.map((a) => [a.option, a]));

/**
 * Checks an option value however it arrives (attribute, property, configure): undefined resets, anything
 * else must suit the option. A theme must also build (a bad colour is refused here, not at render).
 */
export function validateOptionValue(option: OptionKey, value: unknown): string | null {
  const spec = byOption.get(option);
  if (value === undefined || !spec) return null;
  const { kind } = spec;
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  switch (kind.type) {
    case 'string':
      return typeof value === 'string' ? null : 'expected a string';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'expected true or false';
    case 'list':
      return Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? null
        : 'expected a list of strings';
    case 'enum':
      return typeof value === 'string' && kind.values.includes(value)
        ? null
        : `expected one of ${kind.values.join(', ')}`;
    case 'json':
      if (!isObject) return 'expected an object';
      if (option === 'portal') return portalOptionProblem(value as Record<string, unknown>);
      if (option !== 'theme') return null;
      try {
        createTheme('light', parseThemeInput(value));
        return null;
      } catch (error) {
        return (error as Error).message;
      }
  }
}

const fieldAppearances: readonly string[] = ['hidden', 'viewOnly', 'edit'];
const tabAppearances: readonly string[] = ['hidden', 'edit'];

/** The portal option: an app-path route, and appearances keyed `page.name` (ENUM-012, ENUM-013). */
function portalOptionProblem(value: Record<string, unknown>): string | null {
  const { route, fields, tabs } = value;
  if (route !== undefined && (typeof route !== 'string' || !/^\/[^?#]*$/.test(route)))
    return 'portal.route must be an app path starting with /';
  const checks = [
    ['fields', fields, fieldAppearances],
    ['tabs', tabs, tabAppearances],
  ] as const;
  for (const [name, map, allowed] of checks) {
    if (map === undefined) continue;
    if (map === null || typeof map !== 'object' || Array.isArray(map))
      return `portal.${name} must be an object`;
    for (const [key, appearance] of Object.entries(map)) {
      if (!/^[A-Za-z]+\.[A-Za-z]+$/.test(key)) return `portal.${name} key "${key}" must read page.name`;
      if (typeof appearance !== 'string' || !allowed.includes(appearance))
        return `portal.${name}["${key}"] must be one of ${allowed.join(', ')}`;
    }
  }
  return null;
}

/** Keeps the valid entries of an options patch; each refused one is reported and keeps its previous value. */
export function validOptions(patch: HostOptionsInput, where: string): HostOptionsInput {
  const valid: Record<string, unknown> = {};
  for (const [option, value] of Object.entries(patch)) {
    const problem = validateOptionValue(option as OptionKey, value);
    if (problem)
      console.error(
        `[fe-elements] ${where}: option "${option}" refused (${problem}); the previous value is kept`,
      );
    else valid[option] = value;
  }
  return valid as HostOptionsInput;
}
