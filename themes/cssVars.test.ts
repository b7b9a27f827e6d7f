import { expect } from '@open-wc/testing';
import { cssVar, cssVarNames, themeToCssVars } from './cssVars';
import { createTheme, darkTheme, lightTheme } from './theme';

// The contract other folders rely on, written out independently of cssVarNames.
const expectedNames = [
  ...['primary', 'secondary', 'success', 'warning', 'error', 'info'].flatMap((name) => [
    `--fe-color-${name}`,
    `--fe-color-${name}-light`,
    `--fe-color-${name}-dark`,
    `--fe-color-${name}-contrast`,
  ]),
  '--fe-color-primary-active',
  '--fe-color-secondary-active',
  '--fe-color-background',
  '--fe-color-surface',
  '--fe-color-text',
  '--fe-color-text-secondary',
  '--fe-color-border',
  '--fe-font-family',
  '--fe-font-size',
  '--fe-radius',
  '--fe-spacing',
];

describe('themeToCssVars', () => {
  it('cssVarNames is exactly the agreed list', () => {
    expect([...cssVarNames].sort()).to.deep.equal([...expectedNames].sort());
    expect(new Set(cssVarNames).size).to.equal(cssVarNames.length);
  });

  it('produces every name in cssVarNames, and nothing else, with a non-empty value', () => {
    for (const theme of [lightTheme, darkTheme]) {
      const vars = themeToCssVars(theme);
      expect(Object.keys(vars).sort()).to.deep.equal([...cssVarNames].sort());
      for (const name of cssVarNames) expect(vars[name], name).to.be.a('string').and.not.be.empty;
    }
  });

  it('maps each value from the right place of the theme', () => {
    const theme = createTheme('light', { typography: { fontSize: '15px' }, shape: { borderRadius: '6px' } });
    const vars = themeToCssVars(theme);
    expect(vars['--fe-color-primary']).to.equal(theme.palette.primary.main);
    expect(vars['--fe-color-primary-light']).to.equal(theme.palette.primary.light);
    expect(vars['--fe-color-primary-dark']).to.equal(theme.palette.primary.dark);
    expect(vars['--fe-color-primary-active']).to.equal(theme.palette.primary.active);
    expect(vars['--fe-color-primary-contrast']).to.equal(theme.palette.primary.contrastText);
    expect(vars['--fe-color-info-light']).to.equal(theme.palette.info.light);
    expect(vars['--fe-color-text-secondary']).to.equal(theme.palette.textSecondary);
    expect(vars['--fe-font-family']).to.equal(theme.typography.fontFamily);
    expect(vars['--fe-font-size']).to.equal('15px');
    expect(vars['--fe-radius']).to.equal('6px');
    expect(vars['--fe-spacing']).to.equal('8px');
  });

  it('the variables apply in the browser and resolve through cssVar()', () => {
    const host = document.createElement('div');
    const probe = document.createElement('span');
    host.append(probe);
    document.body.append(host);
    try {
      for (const [name, value] of Object.entries(themeToCssVars(lightTheme)))
        host.style.setProperty(name, value);
      probe.style.color = cssVar('color-primary');
      expect(getComputedStyle(probe).color).to.equal('rgb(63, 81, 181)');
    } finally {
      host.remove();
    }
  });
});

describe('cssVar', () => {
  it('returns var(--fe-...) for a known name', () => {
    expect(cssVar('color-primary')).to.equal('var(--fe-color-primary)');
    expect(cssVar('spacing')).to.equal('var(--fe-spacing)');
  });

  it('a typo is a type error', () => {
    // @ts-expect-error 'color-primray' is not a variable name; tsc fails if this line compiles
    expect(cssVar('color-primray')).to.equal('var(--fe-color-primray)');
  });
});
