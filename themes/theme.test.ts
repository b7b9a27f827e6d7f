import { expect } from '@open-wc/testing';
import Color from 'color';
import { createTheme, darkTheme, lightTheme, parseThemeInput } from './theme';
import type { Theme } from './types';

const contrast = (a: string, b: string): number => Color(a).contrast(Color(b));
const shaded = ['primary', 'secondary', 'success', 'warning', 'error', 'info'] as const;

describe('theme: light and dark bases', () => {
  it('lightTheme and darkTheme carry their mode and differ where it matters', () => {
    expect(lightTheme.mode).to.equal('light');
    expect(darkTheme.mode).to.equal('dark');
    expect(Color(lightTheme.palette.background).isLight()).to.equal(true);
    expect(Color(darkTheme.palette.background).isDark()).to.equal(true);
    expect(Color(lightTheme.palette.text).isDark()).to.equal(true);
    expect(Color(darkTheme.palette.text).isLight()).to.equal(true);
  });

  it('text on background and surface reaches 4.5:1 in both modes', () => {
    for (const theme of [lightTheme, darkTheme]) {
      const { background, surface, text, textSecondary } = theme.palette;
      for (const bg of [background, surface]) {
        expect(contrast(text, bg), `${theme.mode} text`).to.be.at.least(4.5);
        expect(contrast(textSecondary, bg), `${theme.mode} textSecondary`).to.be.at.least(4.5);
      }
    }
  });

  it('primary buttons: white text on the default primary reaches 4.5:1 in both modes', () => {
    for (const theme of [lightTheme, darkTheme]) {
      expect(theme.palette.primary.contrastText, theme.mode).to.equal('#FFFFFF');
      expect(contrast('#FFFFFF', theme.palette.primary.main), theme.mode).to.be.at.least(4.5);
    }
    expect(lightTheme.palette.primary.main).to.equal('#3F51B5');
  });

  it('every default colour has a contrastText of at least 4.5:1', () => {
    for (const theme of [lightTheme, darkTheme]) {
      for (const name of shaded) {
        const color = theme.palette[name];
        expect(contrast(color.contrastText, color.main), `${theme.mode} ${name}`).to.be.at.least(4.5);
      }
    }
  });

  it('has typography, shape and spacing defaults', () => {
    expect(lightTheme.typography.fontFamily).to.contain('sans-serif');
    expect(lightTheme.typography.fontSize).to.equal('14px');
    expect(lightTheme.shape.borderRadius).to.equal('4px');
    expect(lightTheme.spacing).to.equal(8);
  });

  it('base themes are frozen so one element cannot change them for all', () => {
    expect(Object.isFrozen(lightTheme.palette.primary)).to.equal(true);
    expect(() => {
      (lightTheme.palette as { text: string }).text = '#FF0000';
    }).to.throw(TypeError);
  });
});

describe('createTheme', () => {
  it('without input equals the base theme of the mode', () => {
    expect(createTheme('light')).to.deep.equal(lightTheme);
    expect(createTheme('dark')).to.deep.equal(darkTheme);
  });

  it('applies overrides on top of the mode base', () => {
    const theme: Theme = createTheme('dark', {
      palette: { primary: { main: '#FF5722', contrastText: '#000000' }, surface: '#202020' },
      typography: { fontSize: '16px' },
      shape: { borderRadius: '12px' },
    });
    expect(theme.palette.primary.main).to.equal('#FF5722');
    expect(theme.palette.primary.contrastText).to.equal('#000000');
    expect(theme.palette.primary.light).to.equal(Color('#FF5722').lighten(0.4).hex());
    expect(theme.palette.surface).to.equal('#202020');
    expect(theme.palette.background).to.equal(darkTheme.palette.background);
    expect(theme.typography).to.deep.equal({ fontFamily: darkTheme.typography.fontFamily, fontSize: '16px' });
    expect(theme.shape.borderRadius).to.equal('12px');
  });

  it('[THEME-006] throws on an unsupported colour in the input', () => {
    expect(() => createTheme('light', { palette: { success: 'greenish' } })).to.throw(/success.*greenish/);
  });

  it('rejects an unknown mode', () => {
    expect(() => createTheme('blue' as never)).to.throw(/'light' or 'dark'/);
  });
});

describe('parseThemeInput', () => {
  it('accepts a valid object and returns a clean copy', () => {
    const input = {
      palette: { primary: { main: '#123456' }, text: '#111111' },
      shape: { borderRadius: '2px' },
    };
    const parsed = parseThemeInput(input);
    expect(parsed).to.deep.equal(input);
    expect(parsed).not.to.equal(input);
    expect(parsed.palette).not.to.equal(input.palette);
  });

  it('accepts the JSON text of a theme (from an attribute)', () => {
    expect(parseThemeInput('{"palette":{"primary":"#3F51B5"}}')).to.deep.equal({
      palette: { primary: '#3F51B5' },
    });
  });

  it('drops undefined and null entries', () => {
    expect(parseThemeInput({ palette: { primary: undefined, info: null } })).to.deep.equal({ palette: {} });
  });

  it('rejects non-objects', () => {
    expect(() => parseThemeInput(null)).to.throw('theme must be an object, got null');
    expect(() => parseThemeInput(undefined)).to.throw('theme must be an object, got undefined');
    expect(() => parseThemeInput([])).to.throw('theme must be an object, got []');
    expect(() => parseThemeInput(42)).to.throw('theme must be an object, got 42');
    expect(() => parseThemeInput('{not json')).to.throw(/theme is not valid JSON/);
  });

  it('names the path of a wrong type', () => {
    expect(() => parseThemeInput({ palette: 'red' })).to.throw('theme.palette must be an object, got "red"');
    expect(() => parseThemeInput({ palette: { primary: 42 } })).to.throw(/theme\.palette\.primary.*42/);
    expect(() => parseThemeInput({ palette: { primary: { main: '#zzz' } } })).to.throw(
      /theme\.palette\.primary\.main.*#zzz/,
    );
    expect(() => parseThemeInput({ palette: { primary: { main: '#fff', shade: 1 } } })).to.throw(
      /theme\.palette\.primary\.shade/,
    );
    expect(() => parseThemeInput({ typography: { fontSize: 14 } })).to.throw(
      'theme.typography.fontSize must be a non-empty string, got 14',
    );
    expect(() => parseThemeInput({ shape: [] })).to.throw('theme.shape must be an object, got []');
  });

  it('rejects unknown keys so typos fail loudly', () => {
    expect(() => parseThemeInput({ pallete: {} })).to.throw(/theme\.pallete is not a known theme key/);
    expect(() => parseThemeInput({ palette: { primay: '#fff' } })).to.throw(/theme\.palette\.primay/);
  });

  it('rejects CSS values that could break out of their declaration', () => {
    expect(() => parseThemeInput({ typography: { fontFamily: 'Arial; } body { display: none' } })).to.throw(
      /theme\.typography\.fontFamily contains characters not allowed/,
    );
    expect(() => parseThemeInput({ shape: { borderRadius: '4px</style>' } })).to.throw(
      /theme\.shape\.borderRadius/,
    );
  });
});
