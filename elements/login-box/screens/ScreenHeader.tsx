import { useAtomValue } from 'jotai';
import { optionsAtom } from '../../../shared/options/options.atoms';
import { PreviewBadge } from '../../../shared/ui';

export function ScreenHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  const { preview } = useAtomValue(optionsAtom);
  return (
    <header css={{ marginBottom: 'calc(var(--fe-spacing) * 2)' }}>
      <h2 css={{ margin: 0, fontSize: '1.5em' }}>{title}</h2>
      {(subtitle || preview) && (
        <p css={{ margin: '4px 0 0', color: 'var(--fe-color-text-secondary)' }}>
          {subtitle}
          {preview && <PreviewBadge />}
        </p>
      )}
    </header>
  );
}
