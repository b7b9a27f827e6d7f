import { useEffect, useId, useRef, type ReactNode } from 'react';
import { rememberOpener, returnFocus } from './focus';
import { space } from '../../themes/tokens';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom (a form inside the dialog usually renders its own). */
  actions?: ReactNode;
  width?: number;
  /** `alertdialog` for a confirmation that interrupts (a destructive action). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog on the native `<dialog>` element, rendered inside the element's shadow root: the browser
 * traps focus, makes the page behind inert and closes on Escape. Closing (or unmounting) gives the focus
 * back to the control that opened it, or to a fallback when that control is gone (see `returnFocus`).
 */
export function Dialog({ open, title, onClose, children, actions, width = 480, role }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    // Read before showModal moves the focus into the dialog.
    const opener = rememberOpener(dialog.getRootNode());
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // The browser's own restore is lost when the dialog is removed (pages unmount closed dialogs).
      returnFocus(opener);
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      part="dialog"
      role={role}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      css={{
        width: `min(${width}px, calc(100vw - 32px))`,
        padding: space['2xl'],
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
        background: 'var(--fe-color-surface)',
        color: 'var(--fe-color-text)',
        boxShadow: '0 12px 32px rgb(0 0 0 / 0.25)',
        '&::backdrop': { background: 'rgb(0 0 0 / 0.4)' },
      }}
    >
      {open && (
        <>
          <h2 id={titleId} css={{ margin: `0 0 ${space.xl}`, fontSize: '1.2em' }}>
            {title}
          </h2>
          {children}
          {actions && <DialogActions>{actions}</DialogActions>}
        </>
      )}
    </dialog>
  );
}

/** The row of buttons at the end of a dialog or form. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div
      css={{
        display: 'flex',
        justifyContent: 'flex-end',
        gap: space.md,
        marginTop: space['2xl'],
      }}
    >
      {children}
    </div>
  );
}
