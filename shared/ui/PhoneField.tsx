import { TextField, type TextFieldProps } from './TextField';

export interface PhoneFieldProps extends Omit<TextFieldProps, 'type' | 'onChange'> {
  onValue: (phone: string) => void;
}

/** A phone number: the phone keyboard, the browser may fill the user's own number. */
export function PhoneField({ onValue, ...field }: PhoneFieldProps) {
  return (
    <TextField
      type="tel"
      name="phoneNumber"
      autoComplete="tel"
      {...field}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}
