import { useMemo, useState } from 'react';
import { MY_IP_DESCRIPTION } from '../../../../shared/api/contracts/ipRestrictions';
import { errorMessage } from '../../../../shared/api/errors';
import { runOperation } from '../../../../shared/api/operation';
import {
  securityPolicyApi as api,
  type IpRestriction,
  type IpRestrictionInput,
  type IpRestrictionsConfig,
  type RestrictionStrategy,
} from '../../../../shared/api/securityPolicy';
import { sessionsApi } from '../../../../shared/api/sessions';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, ConfirmDialog, SkeletonBlock, useToast } from '../../../../shared/ui';
import { DataTable, Pagination, type ColumnDef } from '../../../../shared/ui/DataTable';
import { Select } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';
import { useFieldAppearance } from '../../appearance';
import { Badge } from '../../kit/Badge';
import { descriptionColumn } from '../../kit/columns';
import { LoadError, PageNotice, type Notice } from '../../kit/notices';
import { actionsColumn } from '../../kit/RowActions';
import { useLoad } from '../../kit/useLoad';
import { useServerList, type ListQuery } from '../../kit/useServerList';
import { AddIpDialog, BulkIpDialog } from './IpDialogs';
import { configLocksOut, deleteLocksOut, entryLocksOut } from './lockout';
import { PolicySection, Toggle } from './parts';

/** The portal shows four entries a page (SECURITY-009); the allow list first (SECURITY-008). */
export const IP_PAGE_SIZE = 4;

type IpQuery = ListQuery & { filter: RestrictionStrategy };
type Open =
  | { kind: 'add' | 'bulk' }
  | { kind: 'delete'; entry: IpRestriction }
  | { kind: 'lockout'; run: () => Promise<void> }
  | null;

/**
 * IP restrictions (SECURITY-003, SECURITY-005..013): the rule (on/off, allow or block), the allow and block
 * lists a page of four at a time, add one, add several, delete, and "Add my IP". The page tells the
 * administrator when their own address does not pass, and asks before a change that would lock them out.
 */
export function IpRestrictionsTab({
  canWrite,
  draft: draftConfig,
  onDraft: setDraftConfig,
}: {
  canWrite: boolean;
  /** The rule as changed and not saved yet (kept by the page across tab switches). */
  draft: IpRestrictionsConfig | null;
  onDraft: (draft: IpRestrictionsConfig | null) => void;
}) {
  const { t, locale } = useT();
  const toast = useToast();
  const appearance = useFieldAppearance('security', 'ipAddressRestrictions');
  const writable = canWrite && appearance === 'edit';
  const config = useLoad(() => api.getIpRestrictionsConfig());
  const userIpValid = useLoad(() => api.testCurrentIp());
  const myIp = useLoad(
    async () => (await sessionsApi.getCurrentSession().catch(() => null))?.ipAddress ?? null,
  );
  const ips = useServerList<IpRestriction, IpQuery>({
    initialQuery: { offset: 0, limit: IP_PAGE_SIZE, filter: 'ALLOW', sortBy: 'createdAt', order: 'ASC' },
    fetchPage: (query) => api.getIpRestrictions(query),
    searchDebounceMs: 0,
  });
  const { query, list } = ips;
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const savedConfig = config.state.status === 'ready' ? config.state.data : null;
  const shownConfig = draftConfig ?? savedConfig;
  const myAddress = myIp.state.status === 'ready' ? myIp.state.data : null;

  /**
   * Runs a page-level change (its failure is a notice on the page, so an open confirmation closes either
   * way); the list and whether the caller passes are read again afterwards.
   */
  const perform = async (change: () => Promise<void>) => {
    const result = await runOperation(
      {
        setLoading: setBusy,
        setError: (text) => setNotice(text === null ? null : { severity: 'error', text }),
      },
      change,
      t('common.genericError'),
    );
    setOpen(null);
    ips.reload();
    userIpValid.reload();
    return result.ok;
  };

  /** Asks first when `locksOut`, then runs; a failed check runs nothing and says why. */
  const guarded = async (locksOut: boolean | Promise<boolean>, run: () => Promise<void>) => {
    let locks: boolean;
    try {
      locks = await locksOut;
    } catch (error) {
      setOpen(null);
      setNotice({ severity: 'error', text: errorMessage(error, t('common.genericError')) });
      return;
    }
    if (locks) setOpen({ kind: 'lockout', run });
    else await run();
  };

  const saveConfig = async () => {
    if (!shownConfig) return;
    await guarded(configLocksOut(shownConfig, myAddress, api), async () => {
      await perform(async () => {
        const saved = await api.saveIpRestrictionsConfig(shownConfig);
        config.setData(saved);
        setDraftConfig(null);
        toast({ text: t('adminPortal.security.ip.configSaved') });
      });
    });
  };

  const add = async (input: IpRestrictionInput) => {
    const run = async () => {
      await perform(async () => {
        const entry = await api.createIpRestriction(input);
        toast({ text: t('adminPortal.security.ip.added', { ip: entry.ip }) });
      });
    };
    if (entryLocksOut(input, savedConfig, myAddress)) setOpen({ kind: 'lockout', run });
    else {
      // A failure stays in the dialog (the user corrects the entry).
      const entry = await api.createIpRestriction(input);
      setOpen(null);
      ips.reload();
      userIpValid.reload();
      toast({ text: t('adminPortal.security.ip.added', { ip: entry.ip }) });
    }
  };

  const addBulk = async (entries: IpRestrictionInput[]) => {
    const run = async () => {
      await perform(async () => {
        const added = await api.bulkCreateIpRestrictions(entries);
        toast({ text: t('adminPortal.security.ip.bulkAdded', { count: added.length }) });
      });
    };
    if (entries.some((entry) => entryLocksOut(entry, savedConfig, myAddress)))
      setOpen({ kind: 'lockout', run });
    else {
      const added = await api.bulkCreateIpRestrictions(entries);
      setOpen(null);
      ips.reload();
      userIpValid.reload();
      toast({ text: t('adminPortal.security.ip.bulkAdded', { count: added.length }) });
    }
  };

  /** SECURITY-012/013: an active allow entry 'My IP' for the caller's address, and the rule turned on. */
  const addMyIp = () =>
    perform(async () => {
      if (!myAddress) return;
      await api.createIpRestriction({
        ip: myAddress,
        description: MY_IP_DESCRIPTION,
        isActive: true,
        strategy: 'ALLOW',
      });
      const saved = await api.saveIpRestrictionsConfig({
        isActive: true,
        strategy: savedConfig?.strategy ?? 'ALLOW',
      });
      config.setData(saved);
      setDraftConfig(null);
      if (query.filter !== 'ALLOW') ips.refine({ filter: 'ALLOW' });
      toast({ text: t('adminPortal.security.ip.myIpAdded', { ip: myAddress }) });
    });

  const remove = (entry: IpRestriction) =>
    perform(async () => {
      await api.deleteIpRestriction(entry.id);
      toast({ text: t('adminPortal.security.ip.deleted', { ip: entry.ip }) });
    });

  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  const columns = useMemo<ColumnDef<IpRestriction, unknown>[]>(
    () => [
      {
        id: 'ip',
        accessorFn: (entry) => entry.ip,
        header: t('adminPortal.security.ip.columns.ip'),
        enableSorting: false,
        cell: ({ getValue }) => <code data-ip>{String(getValue() ?? '')}</code>,
      },
      descriptionColumn<IpRestriction>(t('adminPortal.security.ip.columns.description')),
      {
        id: 'status',
        accessorFn: (entry) => entry.isActive,
        header: t('adminPortal.security.ip.columns.status'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge>
            {row.original.isActive
              ? t('adminPortal.security.ip.active')
              : t('adminPortal.security.ip.inactive')}
          </Badge>
        ),
      },
      {
        id: 'updated',
        accessorFn: (entry) => entry.updatedAt,
        header: t('adminPortal.security.ip.columns.updated'),
        enableSorting: false,
        cell: ({ getValue }) => {
          const value = String(getValue() ?? '');
          const at = new Date(value);
          return <time dateTime={value}>{Number.isNaN(at.getTime()) ? value : date.format(at)}</time>;
        },
      },
      ...(writable
        ? [
            actionsColumn<IpRestriction>(t('adminPortal.form.actions'), (entry) => [
              {
                key: 'delete',
                label: t('adminPortal.form.delete'),
                ariaLabel: t('adminPortal.security.ip.deleteEntry', { ip: entry.ip }),
                onSelect: () => setOpen({ kind: 'delete', entry }),
              },
            ]),
          ]
        : []),
    ],
    [t, date, writable],
  );

  if (appearance === 'hidden') return null;
  const strategies: RestrictionStrategy[] = ['ALLOW', 'BLOCK'];
  const configChanged =
    !!draftConfig &&
    !!savedConfig &&
    (draftConfig.isActive !== savedConfig.isActive || draftConfig.strategy !== savedConfig.strategy);

  return (
    <div data-field="ipAddressRestrictions" css={{ display: 'grid', gap: space.xl }}>
      {userIpValid.state.status === 'ready' && !userIpValid.state.data && (
        <div data-ip-warning>
          <Alert severity="warning">{t('adminPortal.security.ip.youAreBlocked')}</Alert>
        </div>
      )}
      <PageNotice notice={notice} onClose={() => setNotice(null)} />
      <PolicySection
        field="ipRestrictionsConfig"
        title={t('adminPortal.security.ip.title')}
        hint={t('adminPortal.security.ip.hint')}
      >
        {config.state.status === 'loading' && <SkeletonBlock label={t('common.loading')} height={80} />}
        {config.state.status === 'failed' && <LoadError error={config.state.error} onRetry={config.reload} />}
        {shownConfig && (
          <form
            noValidate
            data-form="ip-config"
            onSubmit={(event) => {
              event.preventDefault();
              void saveConfig();
            }}
            css={{ display: 'flex', gap: space.xl, alignItems: 'flex-end', flexWrap: 'wrap' }}
          >
            <div css={{ alignSelf: 'center' }}>
              <Toggle
                name="ipRestrictionsActive"
                label={t('adminPortal.security.ip.configActive')}
                checked={shownConfig.isActive}
                disabled={!writable}
                onChange={(isActive) => setDraftConfig({ ...shownConfig, isActive })}
              />
            </div>
            <div css={{ flex: '1 1 260px', maxWidth: 380 }}>
              <Select
                label={t('adminPortal.security.ip.strategy')}
                value={shownConfig.strategy}
                disabled={!writable}
                data-input="strategy"
                onChange={(event) =>
                  setDraftConfig({
                    ...shownConfig,
                    strategy: event.currentTarget.value as RestrictionStrategy,
                  })
                }
              >
                {strategies.map((strategy) => (
                  <option key={strategy} value={strategy}>
                    {t(`adminPortal.security.ip.strategies.${strategy}`)}
                  </option>
                ))}
              </Select>
            </div>
            {writable && (
              <Button type="submit" data-action="save-ip-config" disabled={busy || !configChanged}>
                {t('adminPortal.security.ip.saveConfig')}
              </Button>
            )}
          </form>
        )}
      </PolicySection>
      <div css={{ display: 'flex', gap: space.md, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <div
          role="group"
          aria-label={t('adminPortal.security.ip.lists')}
          css={{ display: 'flex', gap: space.xs }}
        >
          {strategies.map((strategy) => (
            <Button
              key={strategy}
              variant={query.filter === strategy ? 'primary' : 'secondary'}
              aria-pressed={query.filter === strategy}
              data-filter={strategy}
              onClick={() => ips.refine({ filter: strategy })}
            >
              {t(
                strategy === 'ALLOW'
                  ? 'adminPortal.security.ip.allowList'
                  : 'adminPortal.security.ip.blockList',
              )}
            </Button>
          ))}
        </div>
        {writable && (
          <div css={{ display: 'flex', gap: space.md, flexWrap: 'wrap' }}>
            <Button
              variant="secondary"
              data-action="add-my-ip"
              disabled={busy || !myAddress}
              onClick={() => void addMyIp()}
            >
              {t('adminPortal.security.ip.addMyIp')}
            </Button>
            <Button variant="secondary" data-action="bulk-add" onClick={() => setOpen({ kind: 'bulk' })}>
              {t('adminPortal.security.ip.addBulk')}
            </Button>
            <Button data-action="add-ip" onClick={() => setOpen({ kind: 'add' })}>
              {t('adminPortal.security.ip.add')}
            </Button>
          </div>
        )}
      </div>
      {list.status === 'failed' ? (
        <LoadError error={list.error ?? ''} onRetry={ips.reload} />
      ) : (
        <DataTable
          label={t('adminPortal.security.ip.tableLabel')}
          columns={columns}
          data={list.items}
          getRowId={(entry) => entry.id}
          emptyMessage={t('adminPortal.security.ip.empty')}
          loading={list.status === 'loading'}
          skeletonRows={IP_PAGE_SIZE}
        />
      )}
      {list.totalPages > 1 && (
        <Pagination page={query.offset} pageCount={list.totalPages} onPage={ips.setPage} />
      )}
      {open?.kind === 'add' && (
        <AddIpDialog strategy={query.filter} onClose={() => setOpen(null)} onSubmit={add} />
      )}
      {open?.kind === 'bulk' && (
        <BulkIpDialog strategy={query.filter} onClose={() => setOpen(null)} onSubmit={addBulk} />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('adminPortal.security.ip.deleteTitle')}
        confirmLabel={t('adminPortal.form.delete')}
        busy={busy}
        onClose={() => setOpen(null)}
        onConfirm={() => {
          if (open?.kind !== 'delete') return;
          const entry = open.entry;
          void guarded(deleteLocksOut(entry, savedConfig, myAddress), () => remove(entry).then(() => {}));
        }}
      >
        {open?.kind === 'delete' && t('adminPortal.security.ip.deleteBody', { ip: open.entry.ip })}
      </ConfirmDialog>
      <ConfirmDialog
        open={open?.kind === 'lockout'}
        title={t('adminPortal.security.ip.lockoutTitle')}
        confirmLabel={t('adminPortal.security.ip.lockoutConfirm')}
        busy={busy}
        onClose={() => setOpen(null)}
        onConfirm={() => open?.kind === 'lockout' && void open.run()}
      >
        <span data-lockout-warning>{t('adminPortal.security.ip.lockoutBody')}</span>
      </ConfirmDialog>
    </div>
  );
}
