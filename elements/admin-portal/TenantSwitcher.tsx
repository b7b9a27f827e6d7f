import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { runOperation } from '../../shared/api/operation';
import { profileApi, type UserTenant } from '../../shared/api/profile';
import { restoreSession, setTabTenantId } from '../../shared/auth/session';
import { userAtom } from '../../shared/auth/session.atoms';
import { useT } from '../../shared/i18n/useT';
import { store } from '../../shared/store';
import { Alert, useToast } from '../../shared/ui';
import type { FeTenantSwitchedDetail } from './portalHost';
import { space } from '../../themes/tokens';
import { controlCss, fieldLabelCss } from '../../shared/ui/fieldStyles';

/**
 * Switches the account (tenant) the user works in: PUT users v1 tenant, the tab's account kept in session
 * storage, then a token refresh answers for the new tenant (as a sign-in does), then `fe-tenant-switched`.
 * Shown when the user has several tenants (their own and the sub-accounts they may enter).
 */
export async function switchTenant(tenantId: string, host: EventTarget | undefined): Promise<void> {
  const previousTenantId = store.get(userAtom)?.tenantId ?? null;
  await profileApi.switchTenant(tenantId);
  // This tab works in the new account from now on, across reloads (TENANTS-016); other tabs keep theirs.
  setTabTenantId(tenantId);
  await restoreSession();
  host?.dispatchEvent(
    new CustomEvent<FeTenantSwitchedDetail>('fe-tenant-switched', {
      bubbles: true,
      composed: true,
      detail: { tenantId, previousTenantId },
    }),
  );
}

export function TenantSwitcher({ host }: { host: HTMLElement | undefined }) {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  const [tenants, setTenants] = useState<UserTenant[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const userId = user?.id;
  // A native select (no form library in the shell chunk): keyboard and screen readers as the platform does.
  const selectId = useId();

  useEffect(() => {
    if (!userId) return;
    let live = true;
    profileApi.getTenants().then(
      (list) => live && setTenants(dedupe(Array.isArray(list) ? list : [])),
      // The switcher is a convenience: without the list the portal works in the current tenant.
      () => live && setTenants([]),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  if (!user || tenants.length < 2) return null;

  const onChange = async (tenantId: string) => {
    if (tenantId === user.tenantId) return;
    await runOperation(
      { setLoading: setBusy, setError },
      async () => {
        await switchTenant(tenantId, host);
        const name = tenants.find((tenant) => (tenant.tenantId ?? tenant.id) === tenantId)?.name ?? tenantId;
        toast({ text: t('adminPortal.shell.tenantSwitched', { name }) });
      },
      t('common.genericError'),
    );
  };

  return (
    <div data-tenant-switcher css={{ minWidth: 200, display: 'grid', gap: space.xs }}>
      {error && <Alert severity="error">{error}</Alert>}
      <label htmlFor={selectId} css={fieldLabelCss}>
        {busy ? t('adminPortal.shell.switchingTenant') : t('adminPortal.shell.tenant')}
      </label>
      <select
        id={selectId}
        value={user.tenantId}
        disabled={busy}
        onChange={(e) => void onChange(e.currentTarget.value)}
        css={controlCss(false)}
      >
        {tenantGroups(tenants).map(({ parent, list }) =>
          parent === null ? (
            list.map((tenant) => (
              <option key={tenant.tenantId} value={tenant.tenantId}>
                {tenant.name}
              </option>
            ))
          ) : (
            // Sub-accounts under their parent: a group labelled with the parent's path ("Acme / Acme Europe").
            <optgroup key={`in-${parent}`} label={parent}>
              {list.map((tenant) => (
                <option key={tenant.tenantId} value={tenant.tenantId}>
                  {tenant.name}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </select>
    </div>
  );
}

/** One entry per tenant id (TENANTS-003 removes duplicates the same way). */
function dedupe(list: UserTenant[]): UserTenant[] {
  const seen = new Set<string>();
  return list.filter((tenant) => {
    const id = tenant.tenantId ?? tenant.id;
    if (!id || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The accounts in the order of their hierarchy: each account at the top (its parent not listed) followed by its
 * sub-accounts, grouped under the path of their parent, depth first. Every account is listed once, a cycle
 * included; an account whose chain is broken counts as a top one.
 */
export function tenantGroups(list: UserTenant[]): { parent: string | null; list: UserTenant[] }[] {
  const idOf = (t: UserTenant) => t.tenantId ?? t.id;
  const ids = new Set(list.map(idOf));
  const childrenOf = (id: string) => list.filter((t) => t.parentTenantId === id && idOf(t) !== id);
  const groups: { parent: string | null; list: UserTenant[] }[] = [];
  const placed = new Set<string>();
  const place = (tenant: UserTenant, path: string) => {
    const children: UserTenant[] = [];
    for (const child of childrenOf(idOf(tenant))) {
      if (placed.has(idOf(child))) continue;
      placed.add(idOf(child));
      children.push(child);
    }
    if (children.length) groups.push({ parent: path, list: children });
    for (const child of children) place(child, `${path} / ${child.name}`);
  };
  const tops = list.filter((t) => !t.parentTenantId || !ids.has(t.parentTenantId));
  for (const top of [...tops, ...list]) {
    if (placed.has(idOf(top))) continue;
    placed.add(idOf(top));
    groups.push({ parent: null, list: [top] });
    place(top, top.name);
  }
  return groups;
}
