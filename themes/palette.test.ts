import { expect } from '@open-wc/testing';
import Color from 'color';
import fc from 'fast-check';
import {
  createMainColor,
  createPalette,
  createStatusColor,
  darkContrastText,
  darkPaletteBase,
  lightContrastText,
  lightPaletteBase,
} from './palette';

const hex = (value: string): string => Color(value).hex();
const hexColor = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

describe('palette: main colours', () => {
  it('[THEME-001] main colours: light shade is the colour +40%', () => {
    const primary = createMainColor('#3F51B5');
    expect(primary.light).to.equal(Color('#3F51B5').lighten(0.4).hex());
    expect(primary.light).to.equal('#828FD4');
    const secondary = createPalette({ secondary: '#00796B' }, 'light').secondary;
    expect(secondary.light).to.equal(Color('#00796B').lighten(0.4).hex());
  });

  it('[THEME-002] main colours: dark shade is the colour −15%', () => {
    const primary = createMainColor('#3F51B5');
    expect(primary.dark).to.equal(Color('#3F51B5').darken(0.15).hex());
    expect(primary.dark).to.equal('#36459A');
    expect(createPalette({ secondary: '#00796B' }, 'light').secondary.dark).to.equal(
      Color('#00796B').darken(0.15).hex(),
    );
  });

  it('[THEME-003] main colours: active shade is the colour −20%', () => {
    const primary = createMainColor('#3F51B5');
    expect(primary.active).to.equal(Color('#3F51B5').darken(0.2).hex());
    expect(primary.active).to.equal('#324191');
    // active is darker than dark (−20% vs −15%), so a swap of the two would show here
    expect(Color(primary.active).lightness()).to.be.lessThan(Color(primary.dark).lightness());
  });

  it('keeps main as the given colour, normalised to hex', () => {
    expect(createMainColor('rgb(63, 81, 181)').main).to.equal('#3F51B5');
    expect(createMainColor('indigo').main).to.equal(hex('indigo'));
  });
});

describe('palette: status colours', () => {
  it('[THEME-004] status colours: light shade is the colour +70%', () => {
    const success = createStatusColor('#2E7D32');
    expect(success.light).to.equal(Color('#2E7D32').lighten(0.7).hex());
    expect(success.light).to.equal('#5FC464');
    // not the main-colour rule (+40% would give #40AF46)
    expect(success.light).not.to.equal(Color('#2E7D32').lighten(0.4).hex());
    const palette = createPalette({ warning: '#B45309', error: '#C62828', info: '#0277BD' }, 'light');
    for (const [name, value] of [
      ['warning', '#B45309'],
      ['error', '#C62828'],
      ['info', '#0277BD'],
    ] as const) {
      expect(palette[name].light, name).to.equal(Color(value).lighten(0.7).hex());
    }
  });

  it('[THEME-005] status colours: dark shade is the colour −20%', () => {
    const success = createStatusColor('#2E7D32');
    expect(success.dark).to.equal(Color('#2E7D32').darken(0.2).hex());
    expect(success.dark).to.equal('#256428');
    expect(success.dark).not.to.equal(Color('#2E7D32').darken(0.15).hex());
    const palette = createPalette({ error: '#C62828' }, 'light');
    expect(palette.error.dark).to.equal(Color('#C62828').darken(0.2).hex());
  });

  it('status colours have no active shade', () => {
    expect(createStatusColor('#2E7D32')).not.to.have.property('active');
  });
});

describe('palette: contrast text', () => {
  it('uses the given contrastText', () => {
    expect(createMainColor({ main: '#3F51B5', contrastText: '#FFFF00' }).contrastText).to.equal('#FFFF00');
    expect(createStatusColor({ main: '#2E7D32', contrastText: 'black' }).contrastText).to.equal('#000000');
  });

  it('computes white on dark colours and near-black on light ones', () => {
    expect(createMainColor('#3F51B5').contrastText).to.equal(lightContrastText);
    expect(createMainColor('#FFEB3B').contrastText).to.equal(darkContrastText);
    expect(lightContrastText).to.equal('#FFFFFF');
    expect(Color(darkContrastText).isDark()).to.equal(true);
  });
});

describe('palette: unsupported colours', () => {
  it('[THEME-006] an unsupported colour format throws, naming the value', () => {
    expect(() => createMainColor('not-a-colour', 'theme.palette.primary')).to.throw(
      Error,
      'Unsupported colour format at theme.palette.primary: "not-a-colour"',
    );
    expect(() => createPalette({ primary: 'not-a-colour' }, 'light')).to.throw(/not-a-colour/);
    expect(() => createPalette({ warning: '#12345' }, 'light')).to.throw(/theme\.palette\.warning.*#12345/);
    expect(() => createPalette({ info: { main: 'rgb(1,2)' } }, 'light')).to.throw(
      /theme\.palette\.info\.main.*rgb\(1,2\)/,
    );
    expect(() => createPalette({ error: { main: '#C62828', contrastText: 'nope' } }, 'dark')).to.throw(
      /theme\.palette\.error\.contrastText.*nope/,
    );
    expect(() => createPalette({ primary: '' }, 'light')).to.throw(/Unsupported colour format/);
    expect(() => createPalette({ primary: 42 as unknown as string }, 'light')).to.throw(/primary.*42/);
  });

  it('[THEME-006] validates the non-colour-shaded entries too', () => {
    expect(() => createPalette({ background: 'paper' }, 'light')).to.throw(
      /theme\.palette\.background.*paper/,
    );
    expect(() => createPalette({ textSecondary: '#GGG' }, 'dark')).to.throw(/textSecondary.*#GGG/);
  });

  it('rejects unknown palette keys and bad modes', () => {
    expect(() => createPalette({ primay: '#fff' } as never, 'light')).to.throw(/theme\.palette\.primay/);
    expect(() => createPalette(undefined, 'sepia' as never)).to.throw(/'light' or 'dark'.*sepia/);
  });
});

describe('palette: bases and overrides', () => {
  it('light and dark bases differ and are fully applied', () => {
    const light = createPalette(undefined, 'light');
    const dark = createPalette(undefined, 'dark');
    expect(light.background).to.equal(hex(lightPaletteBase.background));
    expect(dark.background).to.equal(hex(darkPaletteBase.background));
    expect(light.background).not.to.equal(dark.background);
    expect(Color(light.background).isLight()).to.equal(true);
    expect(Color(dark.background).isDark()).to.equal(true);
  });

  it('overrides one entry and keeps the rest of the base', () => {
    const palette = createPalette({ primary: '#FF0000', border: '#000000' }, 'dark');
    expect(palette.primary.main).to.equal('#FF0000');
    expect(palette.border).to.equal('#000000');
    expect(palette.secondary.main).to.equal(hex(darkPaletteBase.secondary));
    expect(palette.text).to.equal(hex(darkPaletteBase.text));
  });

  it('property: light is never darker than main and dark never lighter', () => {
    fc.assert(
      fc.property(hexColor, (value) => {
        const main = Color(value).lightness();
        for (const shade of [createMainColor(value), createStatusColor(value)]) {
          expect(Color(shade.light).lightness()).to.be.at.least(main);
          expect(Color(shade.dark).lightness()).to.be.at.most(main);
        }
        expect(Color(createMainColor(value).active).lightness()).to.be.at.most(main);
      }),
      { numRuns: 500 },
    );
  });
});
