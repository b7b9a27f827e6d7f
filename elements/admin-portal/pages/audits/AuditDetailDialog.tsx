import type { AuditColumn } from '../../../../shared/api/audits';
import { useT } from '../../../../shared/i18n/useT';
import { Button, Dialog } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import type { TimeSettings } from './auditTime';
import { AuditValue, columnLabel, valueOf } from './AuditValue';
import type { AuditItem } from './useAuditsState';

/** Pretty-printed JSON of a row's data, as text (never markup). */
export function prettyJson(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2) ?? '';
}

const isEmptyJson = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (typeof value === 'object' && Object.keys(value as object).length === 0);

/**
 * A row's detail: every column the metadata shows in the table or under "more info", then the row's JSON
 * data pretty-printed in a <pre> as text.
 */
export function AuditDetailDialog({
  row,
  columns,
  settings,
  onClose,
}: {
  row: AuditItem;
  columns: readonly AuditColumn[];
  settings: TimeSettings;
  onClose: () => void;
}) {
  const { t } = useT();
  const shown = columns.filter((c) => c.type !== 'Json' && (c.showInTable || c.showInMoreInfo));
  const jsonColumns = columns.filter((c) => c.type === 'Json');
  return (
    <Dialog
      open
      title={t('adminPortal.audits.detailTitle')}
      onClose={onClose}
      width={640}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('adminPortal.form.close')}
        </Button>
      }
    >
      <div data-audit-detail={row.id} css={{ display: 'grid', gap: space.lg }}>
        <dl
          css={{
            display: 'grid',
            gridTemplateColumns: 'minmax(8em, max-content) 1fr',
            gap: `${space.sm} ${space.lg}`,
            margin: 0,
          }}
        >
          {shown.map((column) => (
            <div key={column.name} data-detail={column.name} css={{ display: 'contents' }}>
              <dt css={{ fontWeight: 600, color: 'var(--fe-color-text-secondary)' }}>
                {columnLabel(column, t)}
              </dt>
              <dd css={{ margin: 0, overflowWrap: 'anywhere' }}>
                <AuditValue column={column} value={valueOf(row, column.name)} settings={settings} />
              </dd>
            </div>
          ))}
        </dl>
        {jsonColumns.map((column) => {
          const value = valueOf(row, column.name);
          return (
            <section key={column.name} data-detail={column.name}>
              <h3 css={{ margin: `0 0 ${space.sm}`, fontSize: '1em' }}>
                {columnLabel(column, t) || t('adminPortal.audits.json')}
              </h3>
              {isEmptyJson(value) ? (
                <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
                  {t('adminPortal.audits.noJson')}
                </p>
              ) : (
                <pre
                  data-json
                  dir="ltr"
                  tabIndex={0}
                  css={{
                    margin: 0,
                    padding: space.md,
                    maxHeight: 320,
                    overflow: 'auto',
                    background: 'var(--fe-color-background)',
                    border: '1px solid var(--fe-color-border)',
                    borderRadius: 'var(--fe-radius)',
                    fontSize: '0.85em',
                    textAlign: 'left',
                  }}
                >
                  {prettyJson(value)}
                </pre>
              )}
            </section>
          );
        })}
      </div>
    </Dialog>
  );
}
