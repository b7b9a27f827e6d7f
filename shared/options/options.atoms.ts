import { atom } from 'jotai';
import { resolveOptions, type HostOptions, type HostOptionsInput } from './options';

/** What the host has set (attributes, properties, configure()); page-level state shared by every element. */
export const hostOptionsInputAtom = atom<HostOptionsInput>({});

/** The host's options merged over the defaults: what the code reads. */
export const optionsAtom = atom<HostOptions>((get) => resolveOptions(get(hostOptionsInputAtom)));

/** Sets some options, keeping the others; `undefined` resets an option to its default. */
export const setOptionsAtom = atom(null, (get, set, patch: HostOptionsInput) => {
  set(hostOptionsInputAtom, { ...get(hostOptionsInputAtom), ...patch });
});
