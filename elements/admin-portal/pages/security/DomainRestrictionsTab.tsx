import { useMemo, useState } from 'react';
import { domainProblem, normalizeDomain } from '../../../../shared/api/contracts/domainRestrictions';
import { runOperation } from '../../../../shared/api/operation';
import {
  securityPolicyApi as api,
  type DomainRestriction,
  type DomainRestrictionsConfig,
  type RestrictionStrategy,
} from '../../../../shared/api/securityPolicy';
import { useT } from '../../../../shared/i18n/useT';
import { Button, ConfirmDialog, SkeletonBlock, TextField, useToast } from '../../../../shared/ui';
import { DataTable, Pagination, type ColumnDef } from '../../../../shared/ui/DataTable';
import { Select } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';
import { useFieldAppearance } from '../../appearance';
import { Badge } from '../../kit/Badge';
import { DialogForm } from '../../kit/DialogForm';
import { LoadError, PageNotice, type Notice } from '../../kit/notices';
import { actionsColumn } from '../../kit/RowActions';
import { useLoad } from '../../kit/useLoad';
import { useServerList, type ListQuery } from '../../kit/useServerList';
import { PolicySection, Toggle } from './parts';

/** The list's page (SECURITY-015: limit 10, offset 0). */
const DOMAIN_PAGE_SIZE = 10;
const listTypes: RestrictionStrategy[] = ['ALLOW', 'BLOCK'];

/**
 * Email-domain restrictions (SECURITY-004, SECURITY-014/015): the rule (on/off, allow or block list, block
 * public domains) and the list of domains with add and delete.
 */
export function DomainRestrictionsTab(props: {
  canWrite: boolean;
  draft: DomainRestrictionsConfig | null;
  onDraft: (draft: DomainRestrictionsConfig | null) => void;
}) {
  const { t } = useT();
  const toast = useToast();
  const appearance = useFieldAppearance('security', 'restrictSignupByEmailDomain');
  const writable = props.canWrite && appearance === 'edit';
  const config = useLoad(() => api.getDomainRestrictionsConfig());
  const domains = useServerList<DomainRestriction, ListQuery>({
    initialQuery: { offset: 0, limit: DOMAIN_PAGE_SIZE, filter: '', sortBy: 'createdAt', order: 'ASC' },
    fetchPage: (query) => api.getDomainRestrictions(query),
    searchDebounceMs: 0,
  });
  const [open, setOpen] = useState<{ kind: 'add' } | { kind: 'delete'; entry: DomainRestriction } | null>(
    null,
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = config.state.status === 'ready' ? config.state.data : null;
  const shown = props.draft ?? saved;
  const changed =
    !!props.draft &&
    !!saved &&
    (['active', 'blockPublicDomains', 'listType'] as const).some((key) => props.draft![key] !== saved[key]);

  /** A page-level change: its failure is a notice on the page, and an open confirmation closes either way. */
  const perform = async (change: () => Promise<void>) => {
    await runOperation(
      {
        setLoading: setBusy,
        setError: (text) => setNotice(text === null ? null : { severity: 'error', text }),
      },
      change,
      t('common.genericError'),
    );
    setOpen(null);
  };

  const saveConfig = () =>
    perform(async () => {
      if (!shown) return;
      const next = await api.saveDomainRestrictionsConfig({
        active: shown.active,
        blockPublicDomains: shown.blockPublicDomains,
        type: shown.listType,
      });
      config.setData(next);
      props.onDraft(null);
      toast({ text: t('adminPortal.security.domain.configSaved') });
    });

  const remove = (entry: DomainRestriction) =>
    perform(async () => {
      await api.deleteDomainRestriction(entry.id);
      domains.reload();
      toast({ text: t('adminPortal.security.domain.deleted', { domain: entry.domain }) });
    });

  const columns = useMemo<ColumnDef<DomainRestriction, unknown>[]>(
    () => [
      {
        id: 'domain',
        accessorFn: (entry) => entry.domain,
        header: t('adminPortal.security.domain.columns.domain'),
        enableSorting: false,
        cell: ({ getValue }) => <span data-domain>{String(getValue() ?? '')}</span>,
      },
      {
        id: 'type',
        accessorFn: (entry) => entry.type,
        header: t('adminPortal.security.domain.columns.type'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge>
            {t(
              row.original.type === 'ALLOW'
                ? 'adminPortal.security.ip.allowList'
                : 'adminPortal.security.ip.blockList',
            )}
          </Badge>
        ),
      },
      ...(writable
        ? [
            actionsColumn<DomainRestriction>(t('adminPortal.form.actions'), (entry) => [
              {
                key: 'delete',
                label: t('adminPortal.form.delete'),
                ariaLabel: t('adminPortal.security.domain.deleteEntry', { domain: entry.domain }),
                onSelect: () => setOpen({ kind: 'delete', entry }),
              },
            ]),
          ]
        : []),
    ],
    [t, writable],
  );

  if (appearance === 'hidden') return null;
  const { list, query } = domains;
  return (
    <div data-field="restrictSignupByEmailDomain" css={{ display: 'grid', gap: space.xl }}>
      <PageNotice notice={notice} onClose={() => setNotice(null)} />
      <PolicySection
        field="domainRestrictionsConfig"
        title={t('adminPortal.security.domain.title')}
        hint={t('adminPortal.security.domain.hint')}
      >
        {config.state.status === 'loading' && <SkeletonBlock label={t('common.loading')} height={80} />}
        {config.state.status === 'failed' && <LoadError error={config.state.error} onRetry={config.reload} />}
        {shown && (
          <form
            noValidate
            data-form="domain-config"
            onSubmit={(event) => {
              event.preventDefault();
              void saveConfig();
            }}
            css={{ display: 'grid', gap: space.lg }}
          >
            <Toggle
              name="domainRestrictionsActive"
              label={t('adminPortal.security.domain.active')}
              checked={shown.active}
              disabled={!writable}
              onChange={(active) => props.onDraft({ ...shown, active })}
            />
            <div css={{ maxWidth: 380 }}>
              <Select
                label={t('adminPortal.security.domain.listType')}
                value={shown.listType}
                disabled={!writable}
                data-input="listType"
                onChange={(event) =>
                  props.onDraft({ ...shown, listType: event.currentTarget.value as RestrictionStrategy })
                }
              >
                {listTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`adminPortal.security.domain.listTypes.${type}`)}
                  </option>
                ))}
              </Select>
            </div>
            <Toggle
              name="blockPublicDomains"
              label={t('adminPortal.security.domain.blockPublicDomains')}
              checked={shown.blockPublicDomains}
              disabled={!writable}
              onChange={(blockPublicDomains) => props.onDraft({ ...shown, blockPublicDomains })}
            />
            {writable && (
              <div>
                <Button type="submit" data-action="save-domain-config" disabled={busy || !changed}>
                  {t('adminPortal.security.domain.saveConfig')}
                </Button>
              </div>
            )}
          </form>
        )}
      </PolicySection>
      {writable && (
        <div css={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button data-action="add-domain" onClick={() => setOpen({ kind: 'add' })}>
            {t('adminPortal.security.domain.add')}
          </Button>
        </div>
      )}
      {list.status === 'failed' ? (
        <LoadError error={list.error ?? ''} onRetry={domains.reload} />
      ) : (
        <DataTable
          label={t('adminPortal.security.domain.tableLabel')}
          columns={columns}
          data={list.items}
          getRowId={(entry) => entry.id}
          emptyMessage={t('adminPortal.security.domain.empty')}
          loading={list.status === 'loading'}
          skeletonRows={3}
        />
      )}
      {list.totalPages > 1 && (
        <Pagination page={query.offset} pageCount={list.totalPages} onPage={domains.setPage} />
      )}
      {open?.kind === 'add' && (
        <AddDomainDialog
          listType={saved?.listType ?? 'ALLOW'}
          onClose={() => setOpen(null)}
          onSubmit={async (input) => {
            const entry = await api.createDomainRestriction(input);
            setOpen(null);
            domains.reload();
            toast({ text: t('adminPortal.security.domain.added', { domain: entry.domain }) });
          }}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('adminPortal.security.domain.deleteTitle')}
        confirmLabel={t('adminPortal.form.delete')}
        busy={busy}
        onClose={() => setOpen(null)}
        onConfirm={() => open?.kind === 'delete' && void remove(open.entry)}
      >
        {open?.kind === 'delete' &&
          t('adminPortal.security.domain.deleteBody', { domain: open.entry.domain })}
      </ConfirmDialog>
    </div>
  );
}

function AddDomainDialog(props: {
  listType: RestrictionStrategy;
  onClose: () => void;
  onSubmit: (input: { domain: string; type: RestrictionStrategy }) => Promise<void>;
}) {
  const { t } = useT();
  const [domain, setDomain] = useState('');
  const [type, setType] = useState<RestrictionStrategy>(props.listType);
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const value = normalizeDomain(domain);
    if (!value || domainProblem(value)) return setInvalid(true);
    setInvalid(false);
    await runOperation(
      { setLoading: setBusy, setError },
      () => props.onSubmit({ domain: value, type }),
      t('common.genericError'),
    );
  };
  return (
    <DialogForm
      name="add-domain"
      title={t('adminPortal.security.domain.addTitle')}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      submitLabel={t('adminPortal.form.create')}
      busy={busy}
      error={error}
    >
      <TextField
        label={t('adminPortal.security.domain.domainLabel')}
        value={domain}
        placeholder="example.com"
        spellCheck={false}
        autoComplete="off"
        data-input="domain"
        error={invalid ? t('adminPortal.security.domain.invalidDomain') : null}
        onChange={(event) => setDomain(event.currentTarget.value)}
      />
      <Select
        label={t('adminPortal.security.domain.columns.type')}
        value={type}
        data-input="type"
        onChange={(event) => setType(event.currentTarget.value as RestrictionStrategy)}
      >
        {listTypes.map((option) => (
          <option key={option} value={option}>
            {t(
              option === 'ALLOW' ? 'adminPortal.security.ip.allowList' : 'adminPortal.security.ip.blockList',
            )}
          </option>
        ))}
      </Select>
    </DialogForm>
  );
}
