// The date and time formats an account can choose (moment-style tokens, as the elements format dates with):
// the account page offers them, the contract accepts only them. No zod here: elements import it at runtime.

export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY', 'DD-MM-YYYY'] as const;
export const TIME_FORMATS = ['HH:mm', 'hh:mm A', 'HH:mm:ss', 'hh:mm:ss A'] as const;
