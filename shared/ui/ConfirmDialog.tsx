import type { ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Announced as an alert dialog (`role="alertdialog"`). */
  alert?: boolean;
}

/** "Are you sure?" before a destructive action; the confirm button says what it does. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  alert,
}: ConfirmDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      role={alert ? 'alertdialog' : undefined}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('adminPortal.form.cancel')}
          </Button>
          <Button data-confirm onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div>{children}</div>
    </Dialog>
  );
}
