import { TextField } from '../../../shared/ui';

/** The email field of the sign-in forms: the address as typed, without spaces; the browser may fill it. */
export function EmailField({
  label,
  value,
  error,
  onChange,
  autoComplete = 'username',
}: {
  label: string;
  value: string;
  error?: string | null;
  onChange: (email: string) => void;
  autoComplete?: string;
}) {
  return (
    <TextField
      label={label}
      type="email"
      name="email"
      autoComplete={autoComplete}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value.trim())}
    />
  );
}
