import { TextField, type TextFieldProps } from './TextField';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'onChange' | 'autoComplete'> {
  /** The password as typed: never trimmed, spaces may be part of it. */
  onValue: (password: string) => void;
  /** Which password the browser's password manager offers or saves: a new one unless `current`. */
  current?: boolean;
}

/** A password input, named `password` unless told otherwise. */
export function PasswordField({ onValue, current = false, ...field }: PasswordFieldProps) {
  return (
    <TextField
      type="password"
      name="password"
      autoComplete={current ? 'current-password' : 'new-password'}
      {...field}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}
