import { useState, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { runOperation } from '../../../shared/api/operation';
import { useT } from '../../../shared/i18n/useT';
import { Alert, Button, Dialog, DialogActions } from '../../../shared/ui';
import { space } from '../../../themes/tokens';

export interface DialogFormProps {
  title: string;
  /** The `data-form` marker of the form. */
  name?: string;
  onClose: () => void;
  /** The form was submitted (the browser's own submit is already prevented). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** The submit is under way: the button says so (`busyLabel`, "Saving…" by default) and waits. */
  busy?: boolean;
  busyLabel?: string;
  submitDisabled?: boolean;
  /** Why the last submit failed, above the fields. */
  error?: string | null;
  width?: number;
  children: ReactNode;
}

/** A dialog that is one form: the fields one under the other, then Cancel and the submit button. */
export function DialogForm(props: DialogFormProps) {
  const { t } = useT();
  return (
    <Dialog open title={props.title} onClose={props.onClose} width={props.width}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit(event);
        }}
        data-form={props.name}
      >
        <div css={{ display: 'grid', gap: space.xl }}>
          {props.error && <Alert severity="error">{props.error}</Alert>}
          {props.children}
        </div>
        <CancelSubmit onCancel={props.onClose} disabled={props.busy || props.submitDisabled}>
          {props.busy ? (props.busyLabel ?? t('adminPortal.form.saving')) : props.submitLabel}
        </CancelSubmit>
      </form>
    </Dialog>
  );
}

/** The buttons under a dialog's form: Cancel, then the submit (`children` is its label). */
export function CancelSubmit(props: { onCancel: () => void; disabled?: boolean; children: ReactNode }) {
  const { t } = useT();
  return (
    <DialogActions>
      <Button variant="secondary" onClick={props.onCancel}>
        {t('adminPortal.form.cancel')}
      </Button>
      <Button type="submit" data-submit disabled={props.disabled}>
        {props.children}
      </Button>
    </DialogActions>
  );
}

/**
 * The submit of a react-hook-form form in a `DialogForm`: valid values go to `send`; a failure keeps the
 * dialog open with the server's error (API-018).
 */
export function useDialogSubmit<In extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<In, unknown, Out>,
  send: (values: Out) => Promise<void>,
) {
  const { t } = useT();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    await runOperation({ setLoading: () => {}, setError }, () => send(values), t('common.genericError'));
  });
  return { onSubmit, error, busy: form.formState.isSubmitting };
}
