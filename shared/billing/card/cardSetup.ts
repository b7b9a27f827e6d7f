// The card-setup slice (BILLING-020, BILLING-022): the setup intent's client secret the card entry confirms.
import { atom } from 'jotai';
import { billingApi } from '../../api/billing';
import { errorMessage } from '../../api/errors';
import { store } from '../../store';

export interface CardSetupState {
  loading: boolean;
  fetching: boolean;
  error: string | null;
  /** The setup intent's client secret (never a provider secret key). */
  cardSetupIntentSecret: string | null;
}

export const initialCardSetup: CardSetupState = {
  loading: false,
  fetching: false,
  error: null,
  cardSetupIntentSecret: null,
};

export const cardSetupAtom = atom<CardSetupState>(initialCardSetup);

/** Setting loading clears the error (BILLING-023). */
function setLoading(loading: boolean): void {
  store.set(cardSetupAtom, (s) => ({
    ...s,
    loading,
    fetching: loading,
    ...(loading ? { error: null } : {}),
  }));
}

/** Asks the server for a setup intent (BILLING-061), optionally replacing a card; keeps its secret. */
export async function createCardSetupIntent(replaces?: string): Promise<string> {
  setLoading(true);
  try {
    const { setupIntentSecret } = await billingApi.createSetupIntent(replaces);
    store.set(cardSetupAtom, { ...initialCardSetup, cardSetupIntentSecret: setupIntentSecret });
    return setupIntentSecret;
  } catch (error) {
    store.set(cardSetupAtom, { ...initialCardSetup, error: errorMessage(error) });
    throw error;
  }
}

/** The secret is used once: forgotten after the card is saved or refused. */
export function clearCardSetup(error: string | null = null): void {
  store.set(cardSetupAtom, { ...initialCardSetup, error });
}
