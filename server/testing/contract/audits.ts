// Contract script of the audit log (AUDITS-005..011): every call, and the refusals the preview must share with
// the server. Both sides answer their own rows (the server's demo tenant, the preview's sample log). (A pdf
// export is refused by the server: server/routes/audits.test.ts.)
import { auditsContracts as au } from '../../../shared/api/contracts/audits';
import type { Script } from '../contract';

const header = [
  { name: 'createdAt', displayName: 'Time' },
  { name: 'email', displayName: 'User' },
  { name: 'action', displayName: 'Action' },
  { name: 'severity', displayName: 'Severity' },
];

export const auditsScript: Script = {
  family: 'audits',
  steps: [
    { name: 'the first page, its defaults', call: au.getAudits },
    {
      name: 'a page as the audits page asks it',
      call: au.getAudits,
      query: { offset: '0', count: '20', sortBy: 'createdAt', sortDirection: 'desc', filter: '' },
    },
    {
      name: 'search, a severity filter, sorted by email',
      call: au.getAudits,
      query: { filter: 'log', severity: 'INFO,WARNING,SEVERE', sortBy: 'email', sortDirection: 'asc' },
    },
    { name: 'virtual mode', call: au.getAudits, query: { paginationMode: 'virtual', count: '2' } },
    { name: 'an unknown sort column is refused', call: au.getAudits, query: { sortBy: 'nope' }, expect: 400 },
    { name: 'an unknown severity is refused', call: au.getAudits, query: { severity: 'LOUD' }, expect: 400 },
    {
      name: 'the stats',
      call: au.getAuditsStats,
      query: { sortBy: 'createdAt', sortDirection: 'desc', count: '20' },
    },
    { name: 'the histogram, its defaults (the last 30 days)', call: au.getAuditsHistogram },
    {
      name: 'the histogram of a range, searched and filtered',
      call: au.getAuditsHistogram,
      query: {
        createdAt: '2026-01-01T00:00:00Z,2026-03-31T23:59:59Z',
        filter: 'log',
        severity: 'INFO,SEVERE',
      },
    },
    {
      name: 'a histogram over more than 366 days is refused',
      call: au.getAuditsHistogram,
      query: { createdAt: '2024-01-01T00:00:00Z,2026-01-01T00:00:00Z' },
      expect: 400,
    },
    {
      name: 'the CSV export',
      call: au.exportAudits,
      params: { endpoint: 'csv/v2' },
      query: { sortBy: 'createdAt', sortDirection: 'desc', filter: '', offset: '0' },
      body: { properties: header },
    },
    {
      name: 'an export without header columns is refused',
      call: au.exportAudits,
      params: { endpoint: 'csv/v2' },
      body: { properties: [] },
      expect: 400,
    },
  ],
};
