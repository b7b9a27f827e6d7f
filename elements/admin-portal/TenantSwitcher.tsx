import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { runOperation } from '../../shared/api/operation';
import { profileApi, type UserTenant } from '../../shared/api/profile';
import { restoreSession } from '../../shared/auth/session';
import { userAtom } from '../../shared/auth/session.atoms';
import { useT } from '../../shared/i18n/useT';
import { store } from '../../shared/store';
import { Alert, useToast } from '../../shared/ui';
import type { FeTenantSwitchedDetail } from './portalHost';
import { space } from '../../themes/tokens';
import { controlCss, fieldLabelCss } from '../../shared/ui/fieldStyles';

/**
 * Switches the account (tenant) the user works in: PUT users v1 tenant, then a token refresh answers for
 * the new tenant (as a sign-in does), then `fe-tenant-switched`. Shown when the user has several tenants.
 */
export async function switchTenant(tenantId: string, host: EventTarget | undefined): Promise<void> {
  const previousTenantId = store.get(userAtom)?.tenantId ?? null;
  await profileApi.switchTenant(tenantId);
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
        {tenants.map((tenant) => (
          <option key={tenant.tenantId} value={tenant.tenantId}>
            {tenant.name}
          </option>
        ))}
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
