import { TextField, type TextFieldProps } from './TextField';

export interface CodeFieldProps extends Omit<TextFieldProps, 'onChange' | 'maxLength'> {
  onValue: (code: string) => void;
  /** An authenticator's fixed number of digits: only digits are kept, at most this many. */
  digits?: number;
}

/**
 * A one-time code: a numeric keyboard, and the code the device offers from the message it received. Without
 * `digits` (a code sent by mail or text) only spaces are dropped, as a pasted code often has them.
 */
export function CodeField({ onValue, digits, ...field }: CodeFieldProps) {
  const clean = digits
    ? (value: string) => value.replace(/\D/g, '')
    : (value: string) => value.replace(/\s+/g, '');
  return (
    <TextField
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={digits}
      {...field}
      onChange={(e) => onValue(clean(e.target.value))}
    />
  );
}
