import { zodResolver } from '@hookform/resolvers/zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useId } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { useT } from '../i18n/useT';
import type { MessageKey } from '../i18n/translate';
import { TextField, type TextFieldProps } from './TextField';
import { controlCss, fieldCss, fieldErrorCss, fieldLabelCss } from './fieldStyles';

// Before any schema exists (every form module imports this one first): zod's compiled parsers probe `new Function`,
// which a host page's strict CSP (no 'unsafe-eval') reports as a violation even though zod catches the refusal.
z.config({ jitless: true });

/**
 * Validation for every portal form. A rule's message is a message key, translated where it is shown, so
 * every dialog says the same thing for the same problem in the page's language.
 */
const message = (key: MessageKey) => ({ error: key });

export const fieldRules = {
  requiredText: (max = 200) =>
    z
      .string()
      .trim()
      .min(1, message('adminPortal.form.required'))
      .max(max, message('adminPortal.form.tooLong')),
  optionalText: (max = 500) => z.string().trim().max(max, message('adminPortal.form.tooLong')),
  email: () =>
    z
      .string()
      .trim()
      .min(1, message('adminPortal.form.required'))
      .pipe(z.email(message('adminPortal.form.invalidEmail'))),
  /** Empty, or an international number (+44 20 7946 0958) that libphonenumber accepts. */
  optionalPhone: () =>
    z
      .string()
      .trim()
      .refine((v) => v === '' || isValidPhoneNumber(v), message('adminPortal.form.invalidPhone')),
  /** Empty, or an http(s) URL. */
  optionalUrl: () =>
    z
      .string()
      .trim()
      .refine(
        (v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v),
        message('adminPortal.form.invalidUrl'),
      ),
};

/** react-hook-form with a zod schema: validated on submit, then again on every change. */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** The translated message of a form error (a message key from `fieldRules`, or a server message as is). */
export function useErrorText() {
  const { t } = useT();
  return (error: { message?: string } | undefined): string | null => {
    if (!error?.message) return null;
    return error.message.startsWith('adminPortal.') ? t(error.message as MessageKey) : error.message;
  };
}

export interface FormTextFieldProps<V extends FieldValues> extends Omit<
  TextFieldProps,
  'name' | 'form' | 'error'
> {
  form: UseFormReturn<V, unknown, FieldValues>;
  name: FieldPath<V>;
}

/** A `TextField` registered with a form: its value, its validation message. */
export function FormTextField<V extends FieldValues>({ form, name, ...field }: FormTextFieldProps<V>) {
  const errorText = useErrorText();
  const error = form.formState.errors[name] as { message?: string } | undefined;
  return <TextField {...field} {...form.register(name)} error={errorText(error)} />;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | null;
  children: ReactNode;
}

/** A labelled native select (keyboard and screen-reader behaviour of the platform). */
export function Select({ label, error, children, ...select }: SelectProps) {
  const id = useId();
  return (
    <div part="field" css={fieldCss}>
      <label htmlFor={id} css={fieldLabelCss}>
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} css={controlCss(Boolean(error))} {...select}>
        {children}
      </select>
      {error && <span css={fieldErrorCss}>{error}</span>}
    </div>
  );
}

export { Checkbox } from './Checkbox';
