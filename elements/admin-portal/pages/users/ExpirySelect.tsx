import { useT } from '../../../../shared/i18n/useT';
import { Select } from '../../../../shared/ui/form';
import { EXPIRY_DAYS } from './usersQuery';

/** A choice of 1, 7, 30 or 90 days; the value is a number of days. */
export function ExpirySelect({
  label,
  days,
  onChange,
  disabled,
}: {
  label: string;
  days: number;
  onChange: (days: number) => void;
  disabled?: boolean;
}) {
  const { t } = useT();
  return (
    <Select
      label={label}
      value={String(days)}
      disabled={disabled}
      data-expiry
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    >
      {EXPIRY_DAYS.map((d) => (
        <option key={d} value={d}>
          {t('adminPortal.users.days', { count: d })}
        </option>
      ))}
    </Select>
  );
}
