import { useAtomValue } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import type { CustomLogin } from '../../shared/api/accountSettings';
import { optionsAtom } from '../../shared/options/options.atoms';
import { Card } from '../../shared/ui';
import { customLoginTheme, safeImage } from './customLogin';

/**
 * The box around every screen: one width on every screen, and with an account's custom login box its look —
 * the theme variables of its palette (primary colour, mode), its backdrop colour, background image and logo.
 */
export function CustomLoginFrame({ look, children }: { look: CustomLogin | null; children: ReactNode }) {
  const { theme, themeMode } = useAtomValue(optionsAtom);
  const styled = useMemo(
    () => (look ? customLoginTheme(look, { theme, themeMode }) : null),
    [look, theme, themeMode],
  );
  const background = safeImage(look?.backgroundImage);
  const logo = safeImage(look?.logo);
  return (
    <div
      part="backdrop"
      data-custom-login={look ? 'applied' : undefined}
      css={[
        { display: 'flex', justifyContent: 'center', alignItems: 'center' },
        styled && {
          ...styled.vars,
          colorScheme: styled.mode,
          color: 'var(--fe-color-text)',
          backgroundColor: styled.backdrop,
          backgroundImage: background ? `url("${encodeURI(background)}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          padding: 'calc(var(--fe-spacing) * 4) var(--fe-spacing)',
        },
      ]}
    >
      <Card width={420}>
        {logo && (
          <img
            part="logo"
            src={logo}
            alt=""
            css={{
              display: 'block',
              maxWidth: '100%',
              maxHeight: 'calc(var(--fe-spacing) * 6)',
              margin: '0 auto calc(var(--fe-spacing) * 2)',
            }}
          />
        )}
        {children}
      </Card>
    </div>
  );
}
