import type { CatalogShape } from '../en';

/** Messages of `<fe-checkout>` (`checkout.*`): English is the source of the keys. */
export const checkoutEn = {
  loadFailed: 'The checkout could not load',
  title: 'Checkout',
  subtitle: 'Review the plan before you subscribe.',
  currentPlan: 'Current plan',
  selectedPlan: 'New plan',
  pricePerMonth: '{price} / month',
  planLine: '{plan} · {price} / month',
  confirm: 'Confirm plan',
  confirming: 'Confirming…',
  cancel: 'Cancel',
  confirmed: 'You are now on the {plan} plan',
  noPlan: 'No plan is selected.',
  paymentMethod: 'Payment method',
  cardEnding: '{brand} ending in {last4}',
  payWithSaved: 'Pay with {brand} ending in {last4}',
  useNewCard: 'Use a new card',
} as const;

export const checkoutHe = {
  loadFailed: 'לא ניתן היה לטעון את אישור התוכנית',
  title: 'אישור התוכנית',
  subtitle: 'כדאי לעבור על התוכנית לפני ההרשמה למינוי.',
  currentPlan: 'התוכנית הנוכחית',
  selectedPlan: 'התוכנית החדשה',
  pricePerMonth: '{price} לחודש',
  planLine: '{plan} · {price} לחודש',
  confirm: 'אישור התוכנית',
  confirming: 'מתבצע אישור…',
  cancel: 'ביטול',
  confirmed: 'עברת לתוכנית {plan}',
  noPlan: 'לא נבחרה תוכנית.',
  paymentMethod: 'אמצעי תשלום',
  cardEnding: '{brand} שמסתיים בספרות {last4}',
  payWithSaved: 'תשלום בכרטיס {brand} שמסתיים בספרות {last4}',
  useNewCard: 'כרטיס חדש',
} as const satisfies CatalogShape<typeof checkoutEn>;

/** Messages of the card entry (`card.*`) shared by the checkout and the portal's "Replace card". */
export const cardEn = {
  card: 'Card',
  number: 'Card number',
  expMonth: 'Expiry month',
  expYear: 'Expiry year',
  cvc: 'CVC',
  name: 'Name on card',
  numberHint: 'This card number does not look right',
  expiryHint: 'This expiry date is in the past',
  loading: 'Loading the card form…',
  stripeFailed: 'The card form could not load. Try again later.',
  notReady: 'The card form is still loading',
  notSaved: 'The card could not be saved',
  notSavedYet: 'The card was accepted but is not saved yet. Wait a moment and try again.',
  declined: 'Your card was declined.',
} as const;

export const cardHe = {
  card: 'כרטיס',
  number: 'מספר כרטיס',
  expMonth: 'חודש תפוגה',
  expYear: 'שנת תפוגה',
  cvc: 'קוד אבטחה (CVC)',
  name: 'השם על הכרטיס',
  numberHint: 'נראה שמספר הכרטיס שגוי',
  expiryHint: 'תאריך התפוגה כבר עבר',
  loading: 'טופס הכרטיס נטען…',
  stripeFailed: 'לא ניתן היה לטעון את טופס הכרטיס. כדאי לנסות שוב מאוחר יותר.',
  notReady: 'טופס הכרטיס עדיין נטען',
  notSaved: 'לא ניתן היה לשמור את הכרטיס',
  notSavedYet: 'הכרטיס אושר אך עדיין לא נשמר. כדאי להמתין רגע ולנסות שוב.',
  declined: 'הכרטיס נדחה.',
} as const satisfies CatalogShape<typeof cardEn>;
