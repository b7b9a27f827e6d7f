import { expect } from '@open-wc/testing';
import { atom, createStore } from 'jotai';
import { ApiError, GENERIC_ERROR_MESSAGE } from './errors';
import { runOperation } from './operation';

function setup() {
  const store = createStore();
  const loadingAtom = atom(false);
  const errorAtom = atom<string | null>('old error');
  return { store, atoms: { loadingAtom, errorAtom } };
}

describe('runOperation', () => {
  it('[API-018] reports success with the data and clears the previous error', async () => {
    const { store, atoms } = setup();
    let loadingDuring = false;
    let errorDuring: string | null = 'unset';
    const result = await runOperation(store, atoms, async () => {
      loadingDuring = store.get(atoms.loadingAtom);
      errorDuring = store.get(atoms.errorAtom);
      return 42;
    });
    expect(result).to.deep.equal({ ok: true, data: 42 });
    expect(loadingDuring).to.equal(true);
    expect(errorDuring).to.equal(null);
    expect(store.get(atoms.errorAtom)).to.equal(null);
  });

  it('[API-018] reports failure and stores the error message in the matching state, without throwing', async () => {
    const { store, atoms } = setup();
    const result = await runOperation(store, atoms, async () => {
      throw new ApiError('Role name is taken', 409);
    });
    expect(result).to.deep.equal({ ok: false, error: 'Role name is taken' });
    expect(store.get(atoms.errorAtom)).to.equal('Role name is taken');
    const generic = await runOperation(store, atoms, () => {
      throw new TypeError('x is undefined');
    });
    expect(generic).to.deep.equal({ ok: false, error: GENERIC_ERROR_MESSAGE });
  });

  it('[API-019] clears the loader when done, on success and on failure', async () => {
    const { store, atoms } = setup();
    await runOperation(store, atoms, async () => 'ok');
    expect(store.get(atoms.loadingAtom)).to.equal(false);
    store.set(atoms.loadingAtom, true);
    await runOperation(store, atoms, async () => {
      throw new ApiError('no', 500);
    });
    expect(store.get(atoms.loadingAtom)).to.equal(false);
  });
});
