import { useMemo, useState } from 'react';
import { ssoDomainName } from '../../../../shared/api/contracts/ssoConfigurations';
import { errorMessage } from '../../../../shared/api/errors';
import {
  ssoConfigurationsApi,
  type SsoConfiguration,
  type SsoDomain,
  type SsoDomainValidation,
} from '../../../../shared/api/ssoConfigurations';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, TextField, useToast } from '../../../../shared/ui';
import { DataTable, type ColumnDef } from '../../../../shared/ui/DataTable';
import { space } from '../../../../themes/tokens';
import { RowActions } from '../../kit/RowActions';
import { hintCss } from './parts';

type Reason = NonNullable<SsoDomainValidation['reason']>;

/** The domain typed in, as the server will read it, or why it is not one (nothing is sent then). */
export function parseDomain(value: string): { domain: string } | { error: string } {
  const parsed = ssoDomainName.safeParse(value);
  return parsed.success
    ? { domain: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Not a valid domain' };
}

/** The TXT record's value with its copy button. */
function TxtRecord({ domain }: { domain: SsoDomain }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(domain.txtRecord);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: space.md, alignItems: 'center', minWidth: '14em' }}>
      <code
        data-txt-record
        title={t('adminPortal.sso.txtHint', { domain: domain.domain })}
        css={{ wordBreak: 'break-all', flex: '1 1 14em' }}
      >
        {domain.txtRecord}
      </code>
      <Button
        variant="secondary"
        data-copy="txt"
        aria-label={t('adminPortal.sso.copyTxt', { domain: domain.domain })}
        onClick={() => void copy()}
      >
        {t('adminPortal.sso.copy')}
      </Button>
      {copied && (
        <span role="status" css={hintCss}>
          {t('adminPortal.sso.copied')}
        </span>
      )}
    </div>
  );
}

/**
 * The Domains tab: add a domain (its TXT record to publish), validate it (SSO-004: validated true or false,
 * with the reason), delete it. For a draft (SSO-007) the first domain saves the configuration (`onFirstDomain`).
 */
export function DomainsTab({
  name,
  config,
  canWrite,
  onChange,
  onError,
  onFirstDomain,
}: {
  name: string;
  /** Null for a draft. */
  config: SsoConfiguration | null;
  canWrite: boolean;
  onChange: (config: SsoConfiguration) => void;
  onError: (text: string | null) => void;
  /** A draft's first domain: saves the configuration and the domain; answers false when nothing was kept. */
  onFirstDomain?: (domain: string) => Promise<boolean>;
}) {
  const { t } = useT();
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [validating, setValidating] = useState<string | null>(null);
  const [reasons, setReasons] = useState<Record<string, Reason | undefined>>({});
  const domains = useMemo(() => config?.domains ?? [], [config]);

  const add = async () => {
    onError(null);
    const parsed = parseDomain(typed);
    if ('error' in parsed) return setFieldError(parsed.error);
    setFieldError(null);
    setAdding(true);
    try {
      if (!config) {
        if (await onFirstDomain?.(parsed.domain)) setTyped('');
        return;
      }
      const added = await ssoConfigurationsApi.createDomain(config.id, parsed.domain);
      onChange({ ...config, domains: [...config.domains, added] });
      setTyped('');
      toast({ text: t('adminPortal.sso.domainAdded', { domain: added.domain }) });
    } catch (err) {
      onError(errorMessage(err, t('common.genericError')));
    } finally {
      setAdding(false);
    }
  };

  const validate = async (domain: SsoDomain) => {
    if (!config) return;
    onError(null);
    setValidating(domain.id);
    try {
      const answer = await ssoConfigurationsApi.validateDomain(config.id, domain.id);
      setReasons((all) => ({ ...all, [domain.id]: answer.validated ? undefined : answer.reason }));
      const { reason: _reason, ...validated } = answer;
      onChange({
        ...config,
        domains: config.domains.map((d) => (d.id === domain.id ? { ...d, ...validated } : d)),
      });
      toast({
        text: t(answer.validated ? 'adminPortal.sso.domainValidated' : 'adminPortal.sso.domainNotValidated', {
          domain: domain.domain,
        }),
      });
    } catch (err) {
      onError(errorMessage(err, t('common.genericError')));
    } finally {
      setValidating(null);
    }
  };

  const remove = async (domain: SsoDomain) => {
    if (!config) return;
    onError(null);
    try {
      await ssoConfigurationsApi.deleteDomain(config.id, domain.id);
      onChange({ ...config, domains: config.domains.filter((d) => d.id !== domain.id) });
      toast({ text: t('adminPortal.sso.domainDeleted', { domain: domain.domain }) });
    } catch (err) {
      onError(errorMessage(err, t('common.genericError')));
    }
  };

  const columns = useMemo<ColumnDef<SsoDomain, unknown>[]>(() => {
    const list: ColumnDef<SsoDomain, unknown>[] = [
      {
        id: 'domain',
        accessorFn: (d) => d.domain,
        header: t('adminPortal.sso.domain'),
        cell: ({ getValue }) => (
          <span css={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{String(getValue())}</span>
        ),
      },
      {
        id: 'txt',
        accessorFn: (d) => d.txtRecord,
        header: t('adminPortal.sso.txtRecord'),
        enableSorting: false,
        cell: ({ row }) => <TxtRecord domain={row.original} />,
      },
      {
        id: 'status',
        accessorFn: (d) => (d.validated ? 1 : 0),
        header: t('adminPortal.sso.status'),
        cell: ({ row: { original: d } }) => {
          const reason = reasons[d.id];
          return d.validated ? (
            <span
              data-status="validated"
              css={{ fontWeight: 600, color: 'var(--fe-color-success-text, var(--fe-color-text))' }}
            >
              {t('adminPortal.sso.validated')}
            </span>
          ) : (
            <span data-status="not-validated" css={{ display: 'grid', gap: space['2xs'] }}>
              <span css={{ fontWeight: 600 }}>{t('adminPortal.sso.notValidated')}</span>
              {reason && (
                <span data-reason={reason} css={hintCss}>
                  {t(`adminPortal.sso.reasons.${reason}`)}
                </span>
              )}
            </span>
          );
        },
      },
    ];
    if (canWrite)
      list.push({
        id: 'actions',
        header: () => (
          <span css={{ display: 'block', textAlign: 'end' }}>{t('adminPortal.form.actions')}</span>
        ),
        enableSorting: false,
        cell: ({ row: { original: d } }) => (
          <RowActions
            actions={[
              {
                key: 'validate',
                label: validating === d.id ? t('adminPortal.sso.validating') : t('adminPortal.sso.validate'),
                ariaLabel: t('adminPortal.sso.validateDomain', { domain: d.domain }),
                onSelect: () => validating === null && void validate(d),
              },
              {
                key: 'delete',
                label: t('adminPortal.form.delete'),
                ariaLabel: t('adminPortal.sso.deleteDomain', { domain: d.domain }),
                onSelect: () => void remove(d),
              },
            ]}
          />
        ),
      });
    return list;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, canWrite, reasons, validating, config]);

  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: space.xl }}>
      <Alert severity="info">{t('adminPortal.sso.domainsNote')}</Alert>
      {canWrite && (
        <form
          noValidate
          data-form="sso-domain"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
          css={{ display: 'flex', gap: space.md, alignItems: 'flex-end', flexWrap: 'wrap' }}
        >
          <div css={{ flex: '1 1 240px' }}>
            <TextField
              label={t('adminPortal.sso.domain')}
              autoComplete="off"
              placeholder="example.com"
              value={typed}
              error={fieldError}
              disabled={adding}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
          </div>
          <Button type="submit" data-add-domain disabled={adding}>
            {adding ? t('adminPortal.form.saving') : t('adminPortal.sso.addDomain')}
          </Button>
        </form>
      )}
      <DataTable
        label={t('adminPortal.sso.domainsLabel', { name })}
        columns={columns}
        data={domains}
        getRowId={(d) => d.id}
        emptyMessage={t('adminPortal.sso.noDomains')}
      />
    </div>
  );
}
