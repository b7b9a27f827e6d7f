import { useT } from '../../../shared/i18n/useT';
import { Alert } from '../../../shared/ui';

/** A failed action stays on the page until closed; completed actions are toasts. */
export interface Notice {
  severity: 'error';
  text: string;
}

/** The page-level notice of a failed action, with a button that closes it. */
export function PageNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const { t } = useT();
  if (!notice) return null;
  return (
    <div data-notice={notice.severity}>
      <Alert severity={notice.severity} action={{ label: t('adminPortal.form.close'), onClick: onClose }}>
        {notice.text}
      </Alert>
    </div>
  );
}

/** What a page (or a part of it) shows when its data did not load: the server's reason and a retry. */
export function LoadError({ error, onRetry }: { error: string; onRetry: () => void }) {
  const { t } = useT();
  return (
    <div data-load-error>
      <Alert severity="error" action={{ label: t('adminPortal.form.retry'), onClick: onRetry }}>
        {t('adminPortal.form.loadFailed', { error })}
      </Alert>
    </div>
  );
}
