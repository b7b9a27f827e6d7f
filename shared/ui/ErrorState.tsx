import { useT } from '../i18n/useT';
import { Alert } from './Alert';

export interface ErrorStateProps {
  /** What could not load, e.g. "The checkout could not load". */
  title: string;
  /** Why: the error's text (errorMessage of the failure). */
  message: string;
  /** Runs the load again. */
  onRetry: () => void;
}

/** An element or page whose load failed: a titled error alert with the reason and a Retry button. */
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  const { t } = useT();
  return (
    <div part="error-state" data-error-state>
      <Alert severity="error" title={title} action={{ label: t('common.retry'), onClick: onRetry }}>
        {message}
      </Alert>
    </div>
  );
}
