import { expect } from '@open-wc/testing';
import { ApiError, GENERIC_ERROR_MESSAGE } from './errors';
import { runOperation } from './operation';

function setup() {
  const state = { loading: false, error: 'old error' as string | null };
  const slots = {
    setLoading: (loading: boolean) => void (state.loading = loading),
    setError: (error: string | null) => void (state.error = error),
  };
  return { state, slots };
}

// The roles and groups pages (delete) and the tenant switcher run their operations through runOperation; their
// page tests show the error and the cleared loader on a failing call.
describe('runOperation', () => {
  it('[API-018] reports success with the data and clears the previous error', async () => {
    const { state, slots } = setup();
    let loadingDuring = false;
    let errorDuring: string | null = 'unset';
    const result = await runOperation(slots, async () => {
      loadingDuring = state.loading;
      errorDuring = state.error;
      return 42;
    });
    expect(result).to.deep.equal({ ok: true, data: 42 });
    expect(loadingDuring).to.equal(true);
    expect(errorDuring).to.equal(null);
    expect(state.error).to.equal(null);
  });

  it('[API-018] reports failure and stores the error message in the matching state, without throwing', async () => {
    const { state, slots } = setup();
    const result = await runOperation(slots, async () => {
      throw new ApiError('Role name is taken', 409);
    });
    expect(result).to.deep.equal({ ok: false, error: 'Role name is taken' });
    expect(state.error).to.equal('Role name is taken');
    const generic = await runOperation(slots, () => {
      throw new TypeError('x is undefined');
    });
    expect(generic).to.deep.equal({ ok: false, error: GENERIC_ERROR_MESSAGE });
    const translated = await runOperation(slots, () => Promise.reject(new Error('x')), 'Try again');
    expect(translated).to.deep.equal({ ok: false, error: 'Try again' });
  });

  it('[API-019] clears the loader when done, on success and on failure', async () => {
    const { state, slots } = setup();
    await runOperation(slots, async () => 'ok');
    expect(state.loading).to.equal(false);
    state.loading = true;
    await runOperation(slots, async () => {
      throw new ApiError('no', 500);
    });
    expect(state.loading).to.equal(false);
  });
});
