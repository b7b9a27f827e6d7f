import { atom, useAtomValue } from 'jotai';
import { portalConfigurationAtom } from '../../shared/options/metadata';
import type { FieldAppearance, TabAppearance } from '../../shared/options/options';
import { optionsAtom } from '../../shared/options/options.atoms';
import { portalFields, portalTabs } from '../../shared/options/portalAppearance';

export { portalFields, portalTabs };

export type PortalFieldPage = keyof typeof portalFields;
export type PortalField<P extends PortalFieldPage> = (typeof portalFields)[P][number];
export type PortalTabPage = keyof typeof portalTabs;
export type PortalTab<P extends PortalTabPage> = (typeof portalTabs)[P][number];

/** Field appearance values (ENUM-012) and tab appearance values (ENUM-013). */
export const fieldAppearances: readonly FieldAppearance[] = ['hidden', 'viewOnly', 'edit'];
export const tabAppearances: readonly TabAppearance[] = ['hidden', 'edit'];

/** The valid `page.name → appearance` entries of a metadata map; anything else is ignored. */
function validEntries<T extends string>(map: unknown, allowed: readonly T[]): Record<string, T> {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return {};
  return Object.fromEntries(
    Object.entries(map).filter(
      (entry): entry is [string, T] => typeof entry[1] === 'string' && allowed.includes(entry[1] as T),
    ),
  );
}

/** Field appearances: the portal metadata (`fields`), then the host's `portal.fields` option. */
export const fieldAppearancesAtom = atom((get) => ({
  ...validEntries(get(portalConfigurationAtom).fields, fieldAppearances),
  ...get(optionsAtom).portal?.fields,
}));

/** Tab appearances: the portal metadata (`tabs`), then the host's `portal.tabs` option. */
export const tabAppearancesAtom = atom((get) => ({
  ...validEntries(get(portalConfigurationAtom).tabs, tabAppearances),
  ...get(optionsAtom).portal?.tabs,
}));

/** How a field appears; `edit` unless the metadata or the host say otherwise. */
export function useFieldAppearance<P extends PortalFieldPage>(
  page: P,
  field: PortalField<P>,
): FieldAppearance {
  return useAtomValue(fieldAppearancesAtom)[`${page}.${field}`] ?? 'edit';
}

/** Every field of a page with its appearance. */
export function useFieldAppearances<P extends PortalFieldPage>(
  page: P,
): Record<PortalField<P>, FieldAppearance> {
  const map = useAtomValue(fieldAppearancesAtom);
  return Object.fromEntries(
    portalFields[page].map((field) => [field, map[`${page}.${field}`] ?? 'edit']),
  ) as Record<PortalField<P>, FieldAppearance>;
}

/** How a tab appears; `edit` unless the metadata or the host say otherwise. */
export function useTabAppearance<P extends PortalTabPage>(page: P, tab: PortalTab<P>): TabAppearance {
  return useAtomValue(tabAppearancesAtom)[`${page}.${tab}`] ?? 'edit';
}
