import { createStore } from 'jotai';

/** The ONE jotai store of the page: every element renders `<Provider store={store}>` with it. */
export const store = createStore();
export type Store = typeof store;
