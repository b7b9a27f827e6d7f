import type { AvailableRole } from '../../../../shared/api/team';
import { useT } from '../../../../shared/i18n/useT';
import { Checkbox } from '../../../../shared/ui/form';
import { space } from '../../../../themes/tokens';

/** The roles of the account as a list of checkboxes, each with its description. */
export function RoleChecklist({
  roles,
  selected,
  onChange,
  disabled,
}: {
  roles: readonly AvailableRole[];
  selected: readonly string[];
  onChange: (roleIds: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useT();
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected.filter((r) => r !== id), id] : selected.filter((r) => r !== id));
  return (
    <fieldset
      data-roles-field
      css={{ border: '1px solid var(--fe-color-border)', borderRadius: 'var(--fe-radius)', margin: 0 }}
    >
      <legend css={{ fontWeight: 600, fontSize: '0.9em', padding: `0 ${space.xs}` }}>
        {t('adminPortal.users.rolesLabel')}
      </legend>
      {roles.length === 0 ? (
        <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>
          {t('adminPortal.users.noRolesAvailable')}
        </p>
      ) : (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm }}>
          {roles.map((role) => (
            <li key={role.id} css={{ display: 'flex', flexDirection: 'column' }}>
              <Checkbox
                label={role.name}
                value={role.id}
                data-role={role.id}
                checked={selected.includes(role.id)}
                disabled={disabled}
                onChange={(event) => toggle(role.id, event.currentTarget.checked)}
              />
              {role.description && (
                <span
                  css={{
                    marginInlineStart: space['2xl'],
                    fontSize: '0.85em',
                    color: 'var(--fe-color-text-secondary)',
                  }}
                >
                  {role.description}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
