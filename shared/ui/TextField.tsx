import { useId, type InputHTMLAttributes } from 'react';
import { controlCss, fieldCss, fieldErrorCss, fieldLabelCss } from './fieldStyles';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
}

/** A labelled input whose error is tied to it for assistive technology. */
export function TextField({ label, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div part="field" css={fieldCss}>
      <label htmlFor={id} css={fieldLabelCss}>
        {label}
      </label>
      <input
        id={id}
        part="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        css={controlCss(Boolean(error))}
        {...input}
      />
      {error && (
        <span id={errorId} css={fieldErrorCss}>
          {error}
        </span>
      )}
    </div>
  );
}
