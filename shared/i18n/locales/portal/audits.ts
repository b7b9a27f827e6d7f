import type { CatalogShape } from '../en';

/**
 * Messages of the admin portal's audit logs page (`adminPortal.audits.*`, SCREEN-068, AUDITS-003..017):
 * English is the source of the keys.
 */
export const auditsEn = {
  title: 'Audit logs',
  intro: 'Who did what in your account, when, and from where.',
  stats: {
    label: 'Audit statistics',
    totalToday: 'Events today',
    severeThisWeek: 'Severe this week',
  },
  searchLabel: 'Search the audit logs',
  filters: {
    label: 'Filters',
    from: '{column} from',
    to: '{column} to',
    any: 'Any',
    clear: 'Clear filters',
    invalidRange: 'The start date is after the end date',
  },
  severity: {
    INFO: 'Info',
    WARNING: 'Warning',
    SEVERE: 'Severe',
  },
  columns: {
    createdAt: 'Time',
    email: 'User',
    action: 'Action',
    description: 'Description',
    ip: 'IP address',
    severity: 'Severity',
    userAgent: 'User agent',
    json: 'Details',
  },
  tableLabel: 'Audit log events',
  empty: 'No audit events match',
  total: '{count, plural, =0 {No events} one {# event} other {# events}}',
  totalCapped: 'More than {count, number} events',
  pageOfMore: 'Page {page, number} of more than {pages, number}',
  columnsFailed: 'The columns could not be loaded; the default columns are shown.',
  details: 'Details',
  detailsOf: 'Details of the event {action} at {time}',
  detailTitle: 'Audit event',
  json: 'Data',
  noJson: 'No extra data',
  includeSubAccounts: 'Include sub-accounts',
  export: 'Export CSV',
  exporting: 'Exporting…',
  exported: 'The audit log was downloaded as {file}.',
  exportFailed: 'The export failed: {error}',
  chart: {
    title: 'Events per day by severity',
    summary:
      '{total, plural, =0 {No events} one {# event} other {# events}} from {from} to {to}; the busiest day was {peak} with {peakCount}.',
    empty: 'No events in this range.',
    capped:
      'The search matches too many events to count them all: the chart counts the newest, back to {from} (that day in part).',
    day: 'Day',
    total: 'Total',
    tableCaption: 'Events per day by severity, as a table',
  },
} as const;

export const auditsHe = {
  title: 'יומן ביקורת',
  intro: 'מי עשה מה בחשבון שלך, מתי ומאיפה.',
  stats: {
    label: 'סטטיסטיקת ביקורת',
    totalToday: 'אירועים היום',
    severeThisWeek: 'חמורים השבוע',
  },
  searchLabel: 'חיפוש ביומן הביקורת',
  filters: {
    label: 'מסננים',
    from: '{column} מתאריך',
    to: '{column} עד תאריך',
    any: 'הכול',
    clear: 'ניקוי המסננים',
    invalidRange: 'תאריך ההתחלה מאוחר מתאריך הסיום',
  },
  severity: {
    INFO: 'מידע',
    WARNING: 'אזהרה',
    SEVERE: 'חמור',
  },
  columns: {
    createdAt: 'זמן',
    email: 'משתמש',
    action: 'פעולה',
    description: 'תיאור',
    ip: 'כתובת IP',
    severity: 'חומרה',
    userAgent: 'דפדפן (User agent)',
    json: 'פרטים',
  },
  tableLabel: 'אירועי יומן הביקורת',
  empty: 'אין אירועי ביקורת תואמים',
  total: '{count, plural, =0 {אין אירועים} one {אירוע אחד} other {# אירועים}}',
  totalCapped: 'יותר מ-{count, number} אירועים',
  pageOfMore: 'עמוד {page, number} מתוך יותר מ-{pages, number}',
  columnsFailed: 'לא ניתן לטעון את העמודות; מוצגות עמודות ברירת המחדל.',
  details: 'פרטים',
  detailsOf: 'פרטי האירוע {action} ב-{time}',
  detailTitle: 'אירוע ביקורת',
  json: 'נתונים',
  noJson: 'אין נתונים נוספים',
  includeSubAccounts: 'כולל חשבונות משנה',
  export: 'ייצוא CSV',
  exporting: 'מייצא…',
  exported: 'יומן הביקורת הורד כקובץ {file}.',
  exportFailed: 'הייצוא נכשל: {error}',
  chart: {
    title: 'אירועים ליום לפי חומרה',
    summary:
      '{total, plural, =0 {אין אירועים} one {אירוע אחד} other {# אירועים}} מ-{from} עד {to}; היום העמוס ביותר היה {peak} עם {peakCount}.',
    empty: 'אין אירועים בטווח הזה.',
    capped:
      'החיפוש תואם יותר מדי אירועים כדי לספור את כולם: התרשים סופר את האחרונים, עד {from} (יום זה בחלקו).',
    day: 'יום',
    total: 'סך הכול',
    tableCaption: 'אירועים ליום לפי חומרה, כטבלה',
  },
} as const satisfies CatalogShape<typeof auditsEn>;
