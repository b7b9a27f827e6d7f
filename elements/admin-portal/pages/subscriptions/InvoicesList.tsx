import { useAtomValue } from 'jotai';
import {
  downloadInvoice,
  invoiceDownloadAtom,
  invoicesAtom,
  loadInvoices,
  setSliceState,
} from '../../../../shared/billing/state';
import { formatMoney, toInvoiceView } from '../../../../shared/billing/viewModels';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Spinner } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';

const cell = {
  padding: `${space.md} ${space.lg}`,
  textAlign: 'start',
  borderBottom: '1px solid var(--fe-color-border)',
} as const;

/**
 * The invoices (SCREEN-073, BILLING-002): date, receipt, amount, paid or not, and a PDF each. A download's
 * failure shows in its own alert, apart from the list's (BILLING-045).
 */
export function InvoicesList() {
  const { t, locale } = useT();
  const list = useAtomValue(invoicesAtom);
  const download = useAtomValue(invoiceDownloadAtom);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const invoices = (list.data ?? []).map((invoice) => ({ invoice, view: toInvoiceView(invoice) }));

  return (
    <div css={{ display: 'grid', gap: space.lg }} data-invoices>
      {list.error && (
        <div data-load-error>
          <Alert
            severity="error"
            title={t('adminPortal.subscriptions.invoices.loadFailed')}
            action={{ label: t('common.retry'), onClick: () => void loadInvoices() }}
          >
            {list.error}
          </Alert>
        </div>
      )}
      {download.error && (
        <div data-download-error>
          <Alert
            severity="error"
            title={t('adminPortal.subscriptions.invoices.downloadFailed')}
            action={{
              label: t('common.dismiss'),
              onClick: () => setSliceState(invoiceDownloadAtom, { error: null }),
            }}
          >
            {download.error}
          </Alert>
        </div>
      )}
      {list.fetching && <Spinner label={t('common.loading')} />}
      {list.data && (
        <div css={{ overflowX: 'auto' }}>
          <table
            aria-label={t('adminPortal.subscriptions.invoices.tableLabel')}
            css={{ width: '100%', borderCollapse: 'collapse' }}
          >
            <thead>
              <tr>
                <th css={cell}>{t('adminPortal.subscriptions.invoices.columns.date')}</th>
                <th css={cell}>{t('adminPortal.subscriptions.invoices.columns.receipt')}</th>
                <th css={cell}>{t('adminPortal.subscriptions.invoices.columns.amount')}</th>
                <th css={cell}>{t('adminPortal.subscriptions.invoices.columns.status')}</th>
                <th css={cell}>
                  <span
                    css={{
                      position: 'absolute',
                      width: 1,
                      height: 1,
                      overflow: 'hidden',
                      clipPath: 'inset(50%)',
                    }}
                  >
                    {t('adminPortal.subscriptions.invoices.columns.actions')}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.length === 0 && (
                <tr>
                  <td colSpan={5} css={cell}>
                    {t('adminPortal.subscriptions.invoices.empty')}
                  </td>
                </tr>
              )}
              {invoices.map(({ invoice, view }) => {
                const busy = download.loading && download.data?.invoiceId === invoice.id;
                return (
                  <tr key={invoice.id} data-row data-invoice={invoice.id}>
                    <td css={cell}>
                      <time dateTime={invoice.paymentDate}>{dateFormat.format(view.paymentDate)}</time>
                    </td>
                    <td css={cell} data-receipt>
                      {view.receiptNumber}
                    </td>
                    <td css={cell} data-amount>
                      {formatMoney(view.totalAmount, view.currency, locale)}
                    </td>
                    <td css={cell} data-paid={view.paid}>
                      {view.paid
                        ? t('adminPortal.subscriptions.invoices.paid')
                        : t('adminPortal.subscriptions.invoices.unpaid')}
                    </td>
                    <td css={cell}>
                      <Button
                        variant="secondary"
                        data-download={invoice.receiptNumber}
                        disabled={download.loading}
                        aria-busy={busy || undefined}
                        onClick={() => void downloadInvoice(invoice)}
                      >
                        {busy
                          ? t('adminPortal.subscriptions.invoices.downloading')
                          : t('adminPortal.subscriptions.invoices.download')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
