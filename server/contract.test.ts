// The contract test (DESIGN "Contracts"): every implemented call runs through the preview transport and the
// server; both answers must parse with the call's response schema, and the preview refuses where the server
// does. The last tests check that no call escapes: every contract has a step, every mounted route a contract.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contract } from '../shared/api/contracts/contract';
import { contracts } from '../shared/api/contracts/index';
import { paths } from '../shared/api/paths';
import { route } from './account/guards';
import { previewSide, runScript, serverSide } from './testing/contract';
import { scripts } from './testing/contract/index';
import { testServer } from './testing';

const key = (c: { method: string; path: string }) => `${c.method} ${route(c.path)}`;
const allContracts: Contract[] = Object.values(contracts).flatMap((family) => Object.values(family));

describe('the wire contract: preview and server answer every call as its contract says', () => {
  for (const script of scripts) {
    it(`${script.family}: the preview`, () => runScript(previewSide(), script));
    it(`${script.family}: the server`, async () => runScript(await serverSide(), script));
  }

  it('every contract is exercised by a script step', () => {
    const stepped = new Set(scripts.flatMap((s) => s.steps.map((step) => step.call)));
    const missing = allContracts.filter((c) => !stepped.has(c)).map((c) => key(c.route));
    assert.deepEqual(missing, [], 'contracts without a step in server/testing/contract/');
  });

  it('every route the server mounts from the paths table has a contract', async () => {
    const t = await testServer();
    try {
      const table = new Set(Object.values(paths).flatMap((group) => Object.values(group).map((p) => key(p))));
      const contracted = new Set(allContracts.map((c) => key(c.route)));
      const mounted = new Set(t.app.routes.map((r) => `${r.method} ${r.path}`).filter((k) => table.has(k)));
      const missing = [...mounted].filter((k) => !contracted.has(k)).sort();
      assert.deepEqual(missing, [], 'mounted routes without a contract in shared/api/contracts/');
    } finally {
      await t.close();
    }
  });
});
