import { useT } from '../i18n/useT';
import { space } from '../../themes/tokens';

/** Marks an element that shows sample data. */
export function PreviewBadge() {
  const { t } = useT();
  return (
    <span
      part="preview-badge"
      css={{
        marginInlineStart: space.md,
        padding: `0 ${space.sm}`,
        borderRadius: 4,
        fontSize: '0.75em',
        fontWeight: 600,
        background: 'var(--fe-color-info)',
        color: 'var(--fe-color-info-contrast)',
      }}
    >
      {t('common.previewBadge')}
    </span>
  );
}
