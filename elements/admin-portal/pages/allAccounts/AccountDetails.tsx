import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { accountSettingsApi, createAccountSettingsApi } from '../../../../shared/api/accountSettings';
import { adminPortalApi } from '../../../../shared/api/client';
import { runOperation } from '../../../../shared/api/operation';
import { createRolesApi, rolesApi } from '../../../../shared/api/roles';
import { createTeamApi, teamApi } from '../../../../shared/api/team';
import { hasPermission } from '../../../../shared/auth/permissions';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Tabs, useToast } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { permissionKeysAtom } from '../../portal.atoms';
import { switchTenant } from '../../TenantSwitcher';
import { dispatchAllAccountsAtom } from './allAccounts.state';
import { AccountSettings } from './AccountSettings';
import { AccountUsers } from './AccountUsers';
import { createAccountToken } from './accountToken';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { RenameAccountDialog } from './RenameAccountDialog';

/** The permission behind creating, renaming, deleting sub-accounts and changing their users. */
export const WRITE_SUB_ACCOUNTS = 'fe.account-hierarchy.write.subAccount';

export interface SelectedAccount {
  tenantId: string;
  name: string;
  /** The parent's name; null for the caller's own account (the top of what they see). */
  parentName: string | null;
  /** The caller's own account (the session's), not a sub-account. */
  own: boolean;
}

export type AccountChange = { kind: 'renamed'; name: string } | { kind: 'deleted' };

/**
 * The selected account of the All accounts page (TENANTS-009/011/013/014, SCREEN-075): its name, its parent,
 * for a sub-account Rename, Delete account and Switch to this account; its users and settings in two tabs,
 * read with the account's own token (users v3 me/token) for a sub-account and the session's for the caller's
 * own. Another account is a fresh pane: the previous account's answers are dropped.
 */
export function AccountDetails(props: {
  account: SelectedAccount;
  onChanged: (change: AccountChange) => void;
}) {
  return <AccountPane key={props.account.tenantId} {...props} />;
}

export default AccountDetails;

type Tab = 'users' | 'settings';

function AccountPane({
  account,
  onChanged,
}: {
  account: SelectedAccount;
  onChanged: (change: AccountChange) => void;
}) {
  const { t } = useT();
  const toast = useToast();
  const granted = useAtomValue(permissionKeysAtom);
  // The page's state holds the selected account's token, users and settings (TENANTS-009); it keeps only
  // those of the account still selected.
  const dispatch = useSetAtom(dispatchAllAccountsAtom);
  const { tenantId } = account;
  const canWrite = hasPermission(granted, WRITE_SUB_ACCOUNTS);
  const [tab, setTab] = useState<Tab>('users');
  const [open, setOpen] = useState<'rename' | 'delete' | null>(null);
  const [renamed, setRenamed] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);
  const [switchError, setSwitchError] = useState<string | null>(null);
  // A late answer of a dialog must not change the account selected after this one.
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  useEffect(() => setRenamed(null), [account.name]);
  const name = renamed ?? account.name;

  // A sub-account's users and settings with its own token; the caller's own account with the session's.
  const apis = useMemo(() => {
    if (account.own) return { team: teamApi, settings: accountSettingsApi, roles: rolesApi };
    const token = createAccountToken(account.tenantId, {
      onToken: (jwt) => dispatch({ type: 'jwtLoaded', tenantId: account.tenantId, jwt }),
    });
    const client = token.client(adminPortalApi);
    // The roles offered are those the account may use (the vendor's and its own), read with its token.
    return {
      team: createTeamApi(client),
      settings: createAccountSettingsApi(client),
      roles: createRolesApi(client),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one token per account
  }, [account.own, account.tenantId]);

  const switchHere = async (from: HTMLElement) => {
    const host = (from.getRootNode() as ShadowRoot).host ?? document;
    const result = await runOperation(
      { setLoading: setSwitching, setError: setSwitchError },
      () => switchTenant(account.tenantId, host),
      t('common.genericError'),
    );
    if (result.ok) toast({ text: t('adminPortal.shell.tenantSwitched', { name }) });
  };

  const headingId = `fe-account-${account.tenantId}`.replace(/[^A-Za-z0-9_-]/g, '_');

  return (
    <section
      aria-labelledby={headingId}
      data-account-details={account.tenantId}
      css={{ display: 'grid', gap: space.xl }}
    >
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: space.xl, justifyContent: 'space-between' }}>
        <div css={{ minWidth: 0 }}>
          <h3 id={headingId} css={{ margin: `0 0 ${space.xs}`, overflowWrap: 'anywhere' }}>
            {name}
          </h3>
          {account.parentName !== null && (
            <p data-parent css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
              {t('adminPortal.allAccounts.details.subAccountOf', { parent: account.parentName })}
            </p>
          )}
        </div>
        {!account.own && (
          <div css={{ display: 'flex', gap: space.md, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            {canWrite && (
              <>
                <Button variant="secondary" data-rename onClick={() => setOpen('rename')}>
                  {t('adminPortal.allAccounts.details.rename')}
                </Button>
                <Button variant="secondary" data-delete onClick={() => setOpen('delete')}>
                  {t('adminPortal.allAccounts.details.deleteAccount')}
                </Button>
              </>
            )}
            <Button
              variant="secondary"
              data-switch
              disabled={switching}
              onClick={(event) => void switchHere(event.currentTarget)}
            >
              {switching
                ? t('adminPortal.allAccounts.details.switching')
                : t('adminPortal.allAccounts.details.switchTo')}
            </Button>
          </div>
        )}
      </div>
      {switchError && <Alert severity="error">{switchError}</Alert>}

      <Tabs<Tab>
        label={t('adminPortal.allAccounts.details.tabs', { name })}
        tabs={[
          { key: 'users', label: t('adminPortal.allAccounts.details.usersTab') },
          { key: 'settings', label: t('adminPortal.allAccounts.details.settingsTab') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'users' ? (
          <AccountUsers
            account={{ ...account, name }}
            team={apis.team}
            roles={apis.roles}
            canWrite={canWrite}
            onUsers={(users) => dispatch({ type: 'usersLoaded', tenantId, users })}
          />
        ) : (
          <AccountSettings
            load={async () => {
              const settings = await apis.settings.getSettings();
              if (live.current) dispatch({ type: 'settingsLoaded', tenantId, settings });
              return settings;
            }}
          />
        )}
      </Tabs>

      {open === 'rename' && (
        <RenameAccountDialog
          tenantId={account.tenantId}
          name={name}
          onClose={() => setOpen(null)}
          onRenamed={(next) => {
            if (!live.current) return;
            setOpen(null);
            setRenamed(next);
            toast({ text: t('adminPortal.allAccounts.details.renamed', { name: next }) });
            onChanged({ kind: 'renamed', name: next });
          }}
        />
      )}
      {open === 'delete' && (
        <DeleteAccountDialog
          tenantId={account.tenantId}
          name={name}
          onClose={() => setOpen(null)}
          onDeleted={() => {
            if (!live.current) return;
            setOpen(null);
            toast({ text: t('adminPortal.allAccounts.details.deleted', { name }) });
            onChanged({ kind: 'deleted' });
          }}
        />
      )}
    </section>
  );
}
