import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import type { Condition } from './conditions';
import { evaluateFeatureFlag, ruleHolds, toTreatment, type FeatureFlag, type Rule } from './evaluate';

const isPro: Condition = { attribute: 'plan', op: 'in_list', value: { list: ['pro'] } };
const isAdmin: Condition = { attribute: 'role', op: 'in_list', value: { list: ['admin'] } };
const pro = { plan: 'pro', role: 'viewer' };
const proAdmin = { plan: 'pro', role: 'admin' };
const free = { plan: 'free', role: 'admin' };

describe('feature flag evaluation', () => {
  it('[FLAGS-001] a flag is read from on, offTreatment, defaultTreatment and rules', () => {
    const flag: FeatureFlag = {
      on: true,
      offTreatment: 'false',
      defaultTreatment: 'false',
      rules: [{ conditions: [isPro], treatment: 'true' }],
    };
    expect(evaluateFeatureFlag(flag, pro)).to.deep.equal({ treatment: true });
    expect(evaluateFeatureFlag({ ...flag, on: false, offTreatment: 'true' }, free)).to.deep.equal({
      treatment: true,
    });
    expect(evaluateFeatureFlag({ ...flag, defaultTreatment: true }, free)).to.deep.equal({ treatment: true });
    expect(evaluateFeatureFlag({ ...flag, rules: [] }, pro)).to.deep.equal({ treatment: false });
  });

  it('[FLAGS-002] a rule has conditions and a treatment (true or false); it holds when all conditions hold', () => {
    const rule: Rule = { conditions: [isPro, isAdmin], treatment: 'true' };
    expect(ruleHolds(rule, proAdmin)).to.equal(true);
    expect(ruleHolds(rule, pro)).to.equal(false);
    expect(ruleHolds(rule, free)).to.equal(false);
    expect(ruleHolds({ conditions: [], treatment: true }, {}), 'no condition: holds').to.equal(true);
    // 'or': any condition; any other logic counts as 'and' (as in Frontegg's evaluator).
    expect(ruleHolds({ ...rule, conditionLogic: 'or' }, pro)).to.equal(true);
    expect(ruleHolds({ ...rule, conditionLogic: 'or' }, { plan: 'free', role: 'viewer' })).to.equal(false);
    expect(ruleHolds({ conditions: [], conditionLogic: 'or', treatment: 'true' }, {})).to.equal(false);
    expect(ruleHolds({ ...rule, conditionLogic: 'xor' as 'and' }, pro), 'unknown logic').to.equal(false);
    expect(ruleHolds({ ...rule, conditionLogic: 'xor' as 'and' }, proAdmin), 'unknown logic').to.equal(true);
    // A nested group (a conditionLogic, no op): plan is pro AND (role is admin OR plan is free).
    const nested: Rule = {
      conditions: [
        isPro,
        { conditionLogic: 'or', conditions: [isAdmin, { ...isPro, value: { list: ['free'] } }] },
      ],
      treatment: 'true',
    };
    expect([proAdmin, pro, free].map((attributes) => ruleHolds(nested, attributes))).to.deep.equal([
      true,
      false,
      false,
    ]);
    expect([true, 'true', false, 'false', undefined, 'yes', 1].map(toTreatment)).to.deep.equal([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('[FLAGS-004] a flag that is off evaluates to its offTreatment, whatever the rules say', () => {
    const rules = [{ conditions: [], treatment: 'true' as const }];
    expect(
      evaluateFeatureFlag({ on: false, offTreatment: 'false', defaultTreatment: 'true', rules }, pro),
    ).to.deep.equal({
      treatment: false,
    });
    expect(
      evaluateFeatureFlag({ on: false, offTreatment: true, defaultTreatment: false }, pro),
    ).to.deep.equal({
      treatment: true,
    });
    // No offTreatment (the preview data omits it): false. A falsy `on` is off, as Frontegg reads it.
    expect(evaluateFeatureFlag({ on: false, defaultTreatment: true }, pro)).to.deep.equal({
      treatment: false,
    });
    for (const on of [0, '', null, undefined]) {
      const flag = { on, offTreatment: 'false', defaultTreatment: true } as unknown as FeatureFlag;
      expect(evaluateFeatureFlag(flag, pro).treatment, String(on)).to.equal(false);
    }
  });

  it('[FLAGS-005] a flag that is on evaluates to the treatment of the first rule whose conditions all hold', () => {
    const flag: FeatureFlag = {
      on: true,
      offTreatment: 'true',
      defaultTreatment: 'true',
      rules: [
        { conditions: [isPro, isAdmin], treatment: 'true' },
        { conditions: [isPro], treatment: 'false' },
        { conditions: [isAdmin], treatment: 'true' },
      ],
    };
    expect(evaluateFeatureFlag(flag, proAdmin)).to.deep.equal({ treatment: true });
    expect(evaluateFeatureFlag(flag, pro)).to.deep.equal({ treatment: false });
    expect(evaluateFeatureFlag(flag, free)).to.deep.equal({ treatment: true });
  });

  it('[FLAGS-006] a flag that is on with no matching rule evaluates to its defaultTreatment', () => {
    const rules = [{ conditions: [isPro], treatment: 'true' as const }];
    expect(
      evaluateFeatureFlag({ on: true, offTreatment: 'true', defaultTreatment: 'false', rules }, free),
    ).to.deep.equal({
      treatment: false,
    });
    expect(
      evaluateFeatureFlag({ on: true, offTreatment: 'false', defaultTreatment: 'true', rules }, free),
    ).to.deep.equal({
      treatment: true,
    });
    expect(evaluateFeatureFlag({ on: true, offTreatment: 'true' }, free)).to.deep.equal({ treatment: false });
  });

  it('[FLAGS-005] [FLAGS-006] on: the first holding rule decides, else the default (property)', () => {
    const treatment = fc.boolean();
    // Each rule tests the attribute `n` against one number: whether it holds is known in advance.
    const rule = fc.record({ threshold: fc.integer({ min: 0, max: 9 }), treatment });
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 6 }),
        treatment,
        treatment,
        fc.integer({ min: 0, max: 9 }),
        (specs, def, off, n) => {
          const rules: Rule[] = specs.map((s) => ({
            conditions: [{ attribute: 'n', op: 'greater_than_equal', value: { number: s.threshold } }],
            treatment: s.treatment ? 'true' : 'false',
          }));
          const flag: FeatureFlag = { on: true, offTreatment: off, defaultTreatment: def, rules };
          const first = specs.find((s) => n >= s.threshold);
          expect(evaluateFeatureFlag(flag, { n }).treatment).to.equal(first ? first.treatment : def);
          expect(evaluateFeatureFlag({ ...flag, on: false }, { n }).treatment).to.equal(off);
        },
      ),
    );
  });
});
