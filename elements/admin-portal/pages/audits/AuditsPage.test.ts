import { expect } from '@open-wc/testing';
import { AUDITS_PAGE_SIZE, AUDITS_TOTAL_CAP } from '../../../../shared/api/contracts/audits';
import { paths } from '../../../../shared/api/paths';
import { buildAuditRow } from '../../../../shared/api/preview/sampleData';
import { store } from '../../../../shared/store';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { $, axeViolations, mount, setValue, shadowText, waitUntil } from '../../../../shared/element/testing';
import '../../index';
import {
  BASE,
  NAVIGATION,
  button,
  freshTransport,
  openDialog,
  present,
  resetPortal,
  signIn,
  startPortalForTests,
  waitForDialog,
  type RecordingTransport,
} from '../roles/portalTestKit';

const READER = ['fe.secure.read.audits', 'fe.secure.read.accountSettings'];

let transport: RecordingTransport;
let anchors: HTMLAnchorElement[] = [];
const originalClick = HTMLAnchorElement.prototype.click;

before(startPortalForTests);
beforeEach(() => {
  transport = freshTransport();
  anchors = [];
  // A download is an anchor click: recorded, not followed.
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    anchors.push(this);
  };
});
afterEach(() => {
  HTMLAnchorElement.prototype.click = originalClick;
  resetPortal();
});

const root = (el: HTMLElement) => el.shadowRoot!;
const rows = (el: HTMLElement) => [...root(el).querySelectorAll<HTMLTableRowElement>('tr[data-row]')];
const rowIds = (el: HTMLElement) => rows(el).map((r) => r.getAttribute('data-row'));
const auditCalls = () => transport.callsOf(paths.audits.getAudits);
const histogramCalls = () => transport.callsOf(paths.audits.getAuditsHistogram);
const lastAuditQuery = () => auditCalls().at(-1)!.query;

/** Mounts the portal for a reader and opens Audit logs from the navigation; waits for the first rows. */
async function openAudits(attributes: Record<string, string> = {}, waitForRows = true): Promise<HTMLElement> {
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  signIn(READER);
  const el = await mount(
    'fe-admin-portal',
    { 'base-url': BASE, navigation: NAVIGATION, 'log-level': 'none', ...attributes },
    (r) => r.querySelector('nav [data-entry="audits"]') !== null,
  );
  $<HTMLButtonElement>(el, 'nav [data-entry="audits"]')!.click();
  await waitUntil(() => $(el, 'section[data-page="audits"]'), 'the audits page did not open');
  if (waitForRows) await waitUntil(() => rows(el).length > 0, 'no audit rows');
  return el;
}

/** Adds `count` INFO rows, a minute apart, older than the sample's newest. */
function addRows(count: number) {
  const now = Date.now();
  for (let i = 0; i < count; i++)
    transport.preview.state.audits.push(
      buildAuditRow({
        frontegg_id: `audit-extra-${i}`,
        createdAt: new Date(now - (i + 2) * 60_000).toISOString(),
        action: `Extra ${i}`,
      }),
    );
}

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The audit table (the chart has a hidden table of its own). */
const table = (el: HTMLElement) => $<HTMLTableElement>(el, '[data-part="audits"] table')!;
/** Rows of the page (the table renders those in view; its row count says how many it holds). */
const rowCount = (el: HTMLElement) => Number(table(el).getAttribute('aria-rowcount')) - 1;
const headerTexts = (el: HTMLElement) =>
  [...table(el).querySelectorAll('thead th')].map((th) => th.textContent?.replace(/[▲▼]/g, '').trim());

describe('audits page', () => {
  it('[SCREEN-068] [AUDITS-004] [AUDITS-012] shows the statistics, chart, filters, search, the metadata columns, the 5 sample rows and the export', async () => {
    const el = await openAudits();
    expect(rows(el)).to.have.length(5);
    // The columns the metadata shows in the table, then the detail button; user agent and JSON are "more info".
    expect(headerTexts(el)).to.deep.equal([
      'Time',
      'User',
      'Action',
      'Description',
      'IP address',
      'Severity',
      'Details',
    ]);
    await waitUntil(() => $(el, '[data-stat="totalToday"]')?.textContent?.match(/\d/), 'no statistics');
    const { totalToday, severeThisWeek } = transport.preview.state.auditStats;
    expect($(el, '[data-stat="totalToday"] dd')!.textContent).to.equal(String(totalToday));
    expect($(el, '[data-stat="severeThisWeek"] dd')!.textContent).to.equal(String(severeThisWeek));
    expect(present($(el, 'input[data-input="search"]'))).to.equal(true);
    for (const filter of ['createdAt-from', 'createdAt-to', 'email', 'action', 'ip', 'severity'])
      expect(present($(el, `[data-filter="${filter}"]`)), filter).to.equal(true);
    expect(present($(el, 'button[data-action="export"]'))).to.equal(true);
    expect(present($(el, 'figure[data-chart]'))).to.equal(true);
    expect($(el, '[data-total]')!.textContent).to.equal('5 events');
    // The severity is a badge with its name.
    const severe = $(el, 'tr[data-row="audit-3"] [data-severity="SEVERE"]');
    expect(severe?.textContent).to.equal('Severe');
    expect(
      transport.callsOf(paths.metadata.getMetadata).some((c) => c.query.get('entityName') === 'audits'),
    ).to.equal(true);
  });

  it('[AUDITS-010] [AUDITS-011] asks for offset 0, 20 rows, createdAt descending; pages of 20', async () => {
    addRows(25);
    const el = await openAudits();
    const first = auditCalls()[0]!.query;
    expect(first.get('offset')).to.equal('0');
    expect(first.get('count')).to.equal('20');
    expect(first.get('sortBy')).to.equal('createdAt');
    expect(first.get('sortDirection')).to.equal('desc');
    expect(rowCount(el)).to.equal(20);
    expect(rowIds(el)[0]).to.equal('audit-1'); // the newest
    expect($(el, '[aria-sort="descending"] [data-sort="createdAt"]')).to.not.equal(null);
    expect(shadowText(el)).to.include('Page 1 of 2');
    button(root(el), 'Next')!.click();
    await waitUntil(
      () => lastAuditQuery().get('offset') === '20' && rows(el).length === 10,
      'no second page',
    );
    expect(shadowText(el)).to.include('Page 2 of 2');
  });

  it('[AUDITS-005] [AUDITS-006] past the capped total: "More than …", Next goes on by the cursor (virtual mode), Previous goes back', async function () {
    // Fifty pages clicked through, each a request to the preview.
    this.timeout(120_000);
    addRows(AUDITS_TOTAL_CAP + 25);
    // The `next` cursor of each answer, by the offset asked (virtual pages: by their cursor).
    const nextOf = new Map<string, string | null>();
    const fetch = transport.fetch.bind(transport);
    transport.fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(String(input));
      if (url.pathname.endsWith('/audits') && response.ok) {
        const { next } = (await response.clone().json()) as { next?: string | null };
        nextOf.set(url.searchParams.get('after') ?? `offset ${url.searchParams.get('offset')}`, next ?? null);
      }
      return response;
    };
    const all = [...transport.preview.state.audits]
      .sort((x, y) => Date.parse(y.createdAt) - Date.parse(x.createdAt))
      .map((r) => r.frontegg_id);
    const counted = AUDITS_TOTAL_CAP / AUDITS_PAGE_SIZE;
    const el = await openAudits();
    const cap = new Intl.NumberFormat('en').format(AUDITS_TOTAL_CAP);
    expect($(el, '[data-total]')!.textContent).to.equal(`More than ${cap} events`);
    const pager = () => $(el, 'nav[data-pager="capped"]')!;
    const pageText = (n: number) => `Page ${n} of more than ${counted}`;
    expect(pager().textContent).to.include(pageText(1));
    const next = () => button(pager(), 'Next')!;
    const previous = () => button(pager(), 'Previous')!;
    const firstRow = () => rowIds(el)[0];

    // The counted pages by offset, to the last one.
    for (let page = 2; page <= counted; page++) {
      await waitUntil(() => !next().disabled, `Next stayed disabled on page ${page - 1}`);
      next().click();
      await waitUntil(
        () =>
          pager().textContent!.includes(pageText(page)) && firstRow() === all[(page - 1) * AUDITS_PAGE_SIZE],
        `no page ${page}`,
      );
    }
    expect(lastAuditQuery().get('offset')).to.equal(String(AUDITS_TOTAL_CAP - AUDITS_PAGE_SIZE));
    expect(lastAuditQuery().has('paginationMode')).to.equal(false);
    const cursor = nextOf.get(`offset ${AUDITS_TOTAL_CAP - AUDITS_PAGE_SIZE}`);
    expect(cursor, 'the last counted page answers a cursor').to.be.a('string');

    // Beyond: virtual mode from the cursor of the last counted page.
    await waitUntil(() => !next().disabled, 'Next is disabled on the last counted page');
    next().click();
    await waitUntil(
      () => pager().textContent!.includes(pageText(counted + 1)) && firstRow() === all[AUDITS_TOTAL_CAP],
      'no page after the counted ones',
    );
    expect(lastAuditQuery().get('paginationMode')).to.equal('virtual');
    expect(lastAuditQuery().get('after')).to.equal(cursor);
    expect(rowCount(el)).to.equal(AUDITS_PAGE_SIZE);
    expect($(el, '[data-total]')!.textContent).to.equal(`More than ${cap} events`);
    const secondCursor = nextOf.get(cursor!);
    expect(secondCursor).to.be.a('string');
    await waitUntil(() => !next().disabled, 'Next is disabled on the first virtual page');
    next().click();
    await waitUntil(
      () =>
        pager().textContent!.includes(pageText(counted + 2)) &&
        firstRow() === all[AUDITS_TOTAL_CAP + AUDITS_PAGE_SIZE],
      'no second page after the counted ones',
    );
    expect(lastAuditQuery().get('after')).to.equal(secondCursor);
    // The last page: what is left, and no Next.
    expect(rowCount(el)).to.equal(all.length - AUDITS_TOTAL_CAP - AUDITS_PAGE_SIZE);
    expect(next().disabled).to.equal(true);

    // Previous: back through the cursors kept, then the counted page by its offset.
    previous().click();
    await waitUntil(
      () => pager().textContent!.includes(pageText(counted + 1)) && firstRow() === all[AUDITS_TOTAL_CAP],
      'Previous did not go back to the first virtual page',
    );
    expect(lastAuditQuery().get('after')).to.equal(cursor);
    previous().click();
    await waitUntil(
      () =>
        pager().textContent!.includes(pageText(counted)) &&
        firstRow() === all[AUDITS_TOTAL_CAP - AUDITS_PAGE_SIZE],
      'Previous did not go back to the last counted page',
    );
    expect(lastAuditQuery().has('after')).to.equal(false);
    expect(lastAuditQuery().get('offset')).to.equal(String(AUDITS_TOTAL_CAP - AUDITS_PAGE_SIZE));

    // A new search starts again at the first page, by offset.
    setValue($<HTMLInputElement>(el, 'input[data-input="search"]')!, 'extra');
    await waitUntil(() => lastAuditQuery().get('filter') === 'extra', 'the search was not sent');
    expect(lastAuditQuery().get('offset')).to.equal('0');
    expect(lastAuditQuery().has('after')).to.equal(false);
  });

  it('[AUDITS-013] a new search or filter goes back to the first page', async () => {
    addRows(25);
    const el = await openAudits();
    button(root(el), 'Next')!.click();
    await waitUntil(() => shadowText(el).includes('Page 2 of 2'), 'no second page');

    setValue($<HTMLInputElement>(el, 'input[data-input="search"]')!, 'extra 1');
    await waitUntil(() => lastAuditQuery().get('filter') === 'extra 1', 'the search was not sent');
    expect(lastAuditQuery().get('offset')).to.equal('0');
    await waitUntil(() => rowCount(el) === 11, 'not the 11 matching rows');
    expect(shadowText(el)).to.not.include('Page 2 of 2');

    setValue($<HTMLInputElement>(el, 'input[data-input="search"]')!, '');
    await waitUntil(() => shadowText(el).includes('Page 1 of 2'), 'the search was not cleared');
    button(root(el), 'Next')!.click();
    await waitUntil(() => lastAuditQuery().get('offset') === '20', 'no second page');
    choose($<HTMLSelectElement>(el, 'select[data-filter="severity"]')!, 'SEVERE');
    await waitUntil(() => lastAuditQuery().get('severity') === 'SEVERE', 'the severity filter was not sent');
    expect(lastAuditQuery().get('offset')).to.equal('0');
    await waitUntil(() => rowIds(el).join() === 'audit-3', 'not the severe row');
  });

  it('[AUDITS-014] a second click on a sortable header toggles the direction; unsortable headers are plain', async () => {
    const el = await openAudits();
    const sortButton = (name: string) => $<HTMLButtonElement>(el, `button[data-sort="${name}"]`)!;
    sortButton('createdAt').click();
    await waitUntil(() => lastAuditQuery().get('sortDirection') === 'asc', 'no ascending sort');
    expect(lastAuditQuery().get('sortBy')).to.equal('createdAt');
    await waitUntil(() => rowIds(el)[0] === 'audit-5', 'not oldest first');
    sortButton('createdAt').click();
    await waitUntil(() => lastAuditQuery().get('sortDirection') === 'desc', 'the direction did not toggle');
    await waitUntil(() => rowIds(el)[0] === 'audit-1', 'not newest first');
    sortButton('email').click();
    await waitUntil(() => lastAuditQuery().get('sortBy') === 'email', 'no sort by email');
    const direction = lastAuditQuery().get('sortDirection');
    sortButton('email').click();
    await waitUntil(
      () => lastAuditQuery().get('sortBy') === 'email' && lastAuditQuery().get('sortDirection') !== direction,
      'the email sort did not toggle',
    );
    expect(present($(el, 'button[data-sort="description"]'))).to.equal(false);
  });

  it('[AUDITS-015] the loader shows from the load until the rows arrive', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = transport.fetch.bind(transport);
    transport.fetch = async (input, init) => {
      if (new URL(String(input)).pathname.endsWith('/audits')) await gate;
      return fetch(input, init);
    };
    const el = await openAudits({}, false);
    const page = $(el, 'section[data-page="audits"]')!;
    await waitUntil(() => $(el, 'tr[data-skeleton-row]'), 'no loader');
    expect(page.getAttribute('aria-busy')).to.equal('true');
    expect(rows(el)).to.have.length(0);
    release();
    await waitUntil(() => rows(el).length === 5, 'no rows after the answer');
    expect(page.getAttribute('aria-busy')).to.equal('false');
    expect(present($(el, 'tr[data-skeleton-row]'))).to.equal(false);
  });

  it('[AUDITS-016] a failed audits load shows its error in the table place; stats stay; retry loads', async () => {
    transport.fail(paths.audits.getAudits, 500, 'Audits are down');
    const el = await openAudits({}, false);
    await waitUntil(() => $(el, '[data-part="audits"] [data-load-error]'), 'no audits error');
    expect($(el, '[data-part="audits"]')!.textContent).to.include('Audits are down');
    await waitUntil(() => $(el, '[data-stat="totalToday"] dd')?.textContent?.match(/\d/), 'no statistics');
    expect(present($(el, '[data-part="stats"] [data-load-error]'))).to.equal(false);
    expect(present($(el, '[data-part="metadata"]'))).to.equal(false);
    transport.heal();
    button($(el, '[data-part="audits"]')!, 'Try again')!.click();
    await waitUntil(() => rows(el).length === 5, 'the retry did not load the rows');
  });

  it('[AUDITS-016] a failed stats load shows its error in the statistics place; the table works', async () => {
    transport.fail(paths.audits.getAuditsStats, 500, 'Stats are down');
    const el = await openAudits();
    await waitUntil(() => $(el, '[data-part="stats"] [data-load-error]'), 'no stats error');
    expect($(el, '[data-part="stats"]')!.textContent).to.include('Stats are down');
    expect(present($(el, '[data-part="audits"] [data-load-error]'))).to.equal(false);
    expect(rows(el)).to.have.length(5);
    transport.heal();
    button($(el, '[data-part="stats"]')!, 'Try again')!.click();
    await waitUntil(
      () => $(el, '[data-stat="totalToday"] dd')?.textContent?.match(/\d/),
      'the retry did not load',
    );
  });

  it('[AUDITS-016] a failed metadata load shows its error in its place; the table keeps the default columns', async () => {
    transport.fail(paths.metadata.getMetadata, 500, 'Metadata is down');
    const el = await openAudits();
    await waitUntil(() => $(el, '[data-part="metadata"] [data-load-error]'), 'no metadata error');
    expect($(el, '[data-part="metadata"]')!.textContent).to.include('Metadata is down');
    expect(rows(el)).to.have.length(5);
    expect(headerTexts(el)).to.include('Severity');
    expect(present($(el, '[data-part="audits"] [data-load-error]'))).to.equal(false);
    transport.heal();
    button($(el, '[data-part="metadata"]')!, 'Try again')!.click();
    await waitUntil(() => !$(el, '[data-part="metadata"]'), 'the retry did not clear the error');
  });

  it('[AUDITS-013] "Include sub-accounts" asks the list, the chart and the export for them, from the first page', async () => {
    const el = await openAudits();
    await waitUntil(() => histogramCalls().length === 1, 'no histogram');
    expect(lastAuditQuery().has('includeSubTenants')).to.equal(false);
    const box = $<HTMLInputElement>(el, 'input[data-include-sub]')!;
    box.click();
    await waitUntil(() => lastAuditQuery().get('includeSubTenants') === 'true', 'the list was not asked');
    expect(lastAuditQuery().get('offset')).to.equal('0');
    await waitUntil(
      () => histogramCalls().at(-1)?.query.get('includeSubTenants') === 'true',
      'the chart was not asked',
    );
    $<HTMLButtonElement>(el, 'button[data-action="export"]')!.click();
    await waitUntil(() => anchors.length === 1, 'no download');
    expect(transport.callsOf(paths.audits.exportAudits)[0]!.query.get('includeSubTenants')).to.equal('true');
    box.click();
    await waitUntil(() => !lastAuditQuery().has('includeSubTenants'), 'still asked after unticking');
  });

  it('[AUDITS-009] [AUDITS-003] export posts csv/v2 with the header, sort, filters and offset 0 and downloads audits.csv', async () => {
    const el = await openAudits();
    // The state the export carries: a sort, a search and a column filter.
    $<HTMLButtonElement>(el, 'button[data-sort="createdAt"]')!.click();
    await waitUntil(() => lastAuditQuery().get('sortDirection') === 'asc', 'no sort');
    setValue($<HTMLInputElement>(el, 'input[data-input="search"]')!, 'acme');
    await waitUntil(() => lastAuditQuery().get('filter') === 'acme', 'no search');
    choose($<HTMLSelectElement>(el, 'select[data-filter="severity"]')!, 'INFO');
    await waitUntil(() => lastAuditQuery().get('severity') === 'INFO', 'no severity filter');
    await waitUntil(() => rows(el).length === 2, 'not the two matching rows');

    const exportButton = $<HTMLButtonElement>(el, 'button[data-action="export"]')!;
    exportButton.click();
    await waitUntil(() => anchors.length === 1, 'no download');
    const [call] = transport.callsOf(paths.audits.exportAudits);
    expect(call!.method).to.equal('POST');
    expect(decodeURIComponent(call!.path)).to.equal('/audits/export/csv/v2');
    expect(call!.query.get('sortBy')).to.equal('createdAt');
    expect(call!.query.get('sortDirection')).to.equal('asc');
    expect(call!.query.get('filter')).to.equal('acme');
    expect(call!.query.get('severity')).to.equal('INFO');
    expect(call!.query.get('offset')).to.equal('0');
    const properties = (call!.body as { properties: { name: string }[] }).properties;
    expect(properties.map((p) => p.name)).to.deep.equal([
      'createdAt',
      'email',
      'action',
      'description',
      'ip',
      'severity',
      'userAgent',
      'json',
    ]);
    expect(anchors[0]!.download).to.equal('audits.csv');
    const csv = await (await fetch(anchors[0]!.href)).text();
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).to.equal('Time,User,Action,Description,IP address,Severity,User agent,Details');
    expect(lines).to.have.length(3);
    await waitUntil(() => shadowText(el).includes('The audit log was downloaded as audits.csv.'), 'no toast');
    expect(exportButton.disabled).to.equal(false);
  });

  it('[AUDITS-017] a failed export is logged, told, and the downloading flag cleared', async () => {
    const el = await openAudits();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = transport.fetch.bind(transport);
    transport.fetch = async (input, init) => {
      if (new URL(String(input)).pathname.includes('/audits/export/')) await gate;
      return fetch(input, init);
    };
    transport.fail(paths.audits.exportAudits, 500, 'Export broke');
    const logged: unknown[][] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const exportButton = $<HTMLButtonElement>(el, 'button[data-action="export"]')!;
      exportButton.click();
      await waitUntil(() => exportButton.disabled, 'no busy state');
      expect(exportButton.textContent).to.equal('Exporting…');
      expect(exportButton.getAttribute('aria-busy')).to.equal('true');
      release();
      await waitUntil(() => !exportButton.disabled, 'the downloading flag stayed');
      expect(exportButton.textContent).to.equal('Export CSV');
      await waitUntil(() => shadowText(el).includes('The export failed: Export broke'), 'no error toast');
      expect(logged.some((args) => String(args[0]).includes('export failed'))).to.equal(true);
      expect(anchors).to.have.length(0);
    } finally {
      console.error = originalError;
    }
  });

  it('[AUDITS-003] filters by date range in the account zone, email and IP, and keeps each in the query', async () => {
    const el = await openAudits();
    setValue($<HTMLInputElement>(el, 'input[data-filter="createdAt-from"]')!, '2026-01-01');
    setValue($<HTMLInputElement>(el, 'input[data-filter="createdAt-to"]')!, '2026-01-31');
    // America/Los_Angeles (the sample account): a day starts at 08:00 UTC in winter.
    await waitUntil(
      () => lastAuditQuery().get('createdAt') === '2026-01-01T08:00:00.000Z,2026-02-01T07:59:59.999Z',
      `no date range: ${lastAuditQuery().get('createdAt')}`,
    );
    setValue($<HTMLInputElement>(el, 'input[data-filter="createdAt-from"]')!, '');
    setValue($<HTMLInputElement>(el, 'input[data-filter="createdAt-to"]')!, '');
    setValue($<HTMLInputElement>(el, 'input[data-filter="email"]')!, 'maya');
    setValue($<HTMLInputElement>(el, 'input[data-filter="ip"]')!, '198.51.100.23');
    await waitUntil(
      () => lastAuditQuery().get('email') === 'maya' && lastAuditQuery().get('ip') === '198.51.100.23',
      'no email and IP filters',
    );
    expect(lastAuditQuery().has('createdAt')).to.equal(false);
    await waitUntil(() => rowIds(el).join() === 'audit-2', 'not the matching row');
    button(root(el), 'Clear filters')!.click();
    await waitUntil(() => rows(el).length === 5, 'the filters were not cleared');
    expect(lastAuditQuery().has('email')).to.equal(false);
  });

  it('[TENANTS-004] shows times in the account time zone and date and time formats', async () => {
    Object.assign(transport.preview.state.accountSettings, {
      timezone: 'Asia/Tokyo',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: 'hh:mm A',
    });
    transport.preview.state.audits[0]!.createdAt = '2026-03-04T15:30:00.000Z';
    const el = await openAudits();
    await waitUntil(
      () => $(el, 'tr[data-row="audit-1"] time')?.textContent === '2026-03-05 12:30 AM',
      `not in Tokyo time: ${$(el, 'tr[data-row="audit-1"] time')?.textContent}`,
    );
  });

  it('a row detail shows the more-info columns and the JSON pretty-printed as text', async () => {
    transport.preview.state.audits[0]!.description = '<img src=x onerror="window.__audit=1">';
    transport.preview.state.audits[0]!.json = { note: '<b>bold</b>', nested: { count: 2 } };
    const el = await openAudits();
    $<HTMLButtonElement>(el, 'button[data-details="audit-1"]')!.click();
    const dialog = await waitForDialog(el, 'Audit event');
    expect(dialog.querySelector('[data-detail="userAgent"]')?.textContent).to.include('Mozilla');
    expect(dialog.querySelector('[data-detail="description"] dd')?.textContent).to.equal(
      '<img src=x onerror="window.__audit=1">',
    );
    expect(dialog.querySelector('pre[data-json]')?.textContent).to.equal(
      JSON.stringify({ note: '<b>bold</b>', nested: { count: 2 } }, null, 2),
    );
    expect(root(el).querySelector('img, b')).to.equal(null);
    button(dialog, 'Close')!.click();
    await waitUntil(() => !openDialog(el), 'the dialog stayed open');
  });

  it("[AUDITS-004] the chart draws the server's events per day by severity (not the page's), with a text alternative, again on a new filter", async () => {
    addRows(25);
    const el = await openAudits();
    expect(rowCount(el)).to.equal(20);
    await waitUntil(() => $(el, '[data-chart-canvas] canvas'), 'no chart canvas');
    expect(histogramCalls()).to.have.length(1);
    const summary = () => $(el, '[data-chart-summary]')?.textContent ?? '';
    // The 30 rows of the last 30 days, not the 20 of the page.
    expect(summary()).to.include('30 events');
    expect(summary()).to.not.include('this page');
    const sums = () => {
      const cells = [...$(el, 'table[data-chart-table]')!.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => Number(td.textContent)),
      );
      const sum = (i: number) => cells.reduce((total, row) => total + (row[i] ?? 0), 0);
      return [sum(0), sum(1), sum(2), sum(3)];
    };
    // INFO, WARNING, SEVERE, total; the sample has 3 INFO, 1 WARNING, 1 SEVERE, and 25 INFO were added.
    expect(sums()).to.deep.equal([28, 1, 1, 30]);
    // Every day of the default range (the last 30 days) is a row of the text alternative.
    expect($(el, 'table[data-chart-table]')!.querySelectorAll('tbody tr')).to.have.length(30);

    choose($<HTMLSelectElement>(el, 'select[data-filter="severity"]')!, 'SEVERE');
    await waitUntil(
      () => histogramCalls().at(-1)?.query.get('severity') === 'SEVERE',
      'the histogram was not asked again with the filter',
    );
    await waitUntil(() => sums().join() === '0,0,1,1', `not the severe row: ${sums().join()}`);
    setValue($<HTMLInputElement>(el, 'input[data-input="search"]')!, 'no such event');
    await waitUntil(() => histogramCalls().at(-1)?.query.get('filter') === 'no such event', 'no search');
    await waitUntil(() => summary() === 'No events in this range.', `not empty: ${summary()}`);
    expect(present($(el, '[data-chart-canvas]'))).to.equal(false);
  });

  it('[AUDITS-004] a date range longer than the chart covers: the list keeps it, the chart shows its last year', async () => {
    const el = await openAudits();
    await waitUntil(() => histogramCalls().length === 1, 'no histogram');
    setValue($<HTMLInputElement>(el, 'input[data-filter="createdAt-from"]')!, '2023-01-01');
    setValue($<HTMLInputElement>(el, 'input[data-filter="createdAt-to"]')!, '2026-01-31');
    await waitUntil(() => (histogramCalls().at(-1)?.query.get('createdAt') ?? '').endsWith('Z'), 'no range');
    const [from = '', to = ''] = histogramCalls().at(-1)!.query.get('createdAt')!.split(',');
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    expect(days).to.be.within(363, 365);
    expect(auditCalls().at(-1)?.query.get('createdAt')?.startsWith('202')).to.equal(true);
    expect(Date.parse(auditCalls().at(-1)!.query.get('createdAt')!.split(',')[0]!)).to.be.below(
      Date.parse(from),
    );
    await waitUntil(() => $(el, '[data-chart-summary]'), 'the chart shows no summary (an error?)');
  });

  it('[AUDITS-004] a search the server counts only in part (countedFrom): the chart says from which day it counts', async () => {
    const fetch = transport.fetch.bind(transport);
    transport.fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!new URL(String(input)).pathname.endsWith('/audits/histogram')) return res;
      const body = (await res.json()) as { days: { day: string }[]; countedFrom: string | null };
      return new Response(JSON.stringify({ ...body, countedFrom: body.days[10]!.day }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const el = await openAudits();
    await waitUntil(() => $(el, '[data-chart-capped]'), 'no note of the partial count');
    expect($(el, '[data-chart-capped]')!.textContent).to.include('too many events to count them all');
  });

  it('[AUDITS-015] [AUDITS-016] the chart has its own loader, and its own error with a retry; the table stays', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = transport.fetch.bind(transport);
    transport.fetch = async (input, init) => {
      if (new URL(String(input)).pathname.endsWith('/audits/histogram')) await gate;
      return fetch(input, init);
    };
    transport.fail(paths.audits.getAuditsHistogram, 500, 'Histogram is down');
    const el = await openAudits();
    expect(present($(el, 'figure[data-chart] [data-chart-loading]'))).to.equal(true);
    expect(rows(el)).to.have.length(5);
    release();
    await waitUntil(() => $(el, 'figure[data-chart] [data-load-error]'), 'no chart error');
    expect($(el, 'figure[data-chart]')!.textContent).to.include('Histogram is down');
    expect(present($(el, '[data-part="audits"] [data-load-error]'))).to.equal(false);
    expect(rows(el)).to.have.length(5);
    transport.heal();
    button($(el, 'figure[data-chart]')!, 'Try again')!.click();
    await waitUntil(
      () => $(el, '[data-chart-summary]')?.textContent?.includes('5 events'),
      'the retry did not load',
    );
    expect(present($(el, 'figure[data-chart] [data-load-error]'))).to.equal(false);
  });

  it('speaks Hebrew right to left, the column names too', async () => {
    const el = await openAudits({ locale: 'he' });
    expect(shadowText(el)).to.include('יומן ביקורת');
    expect(shadowText(el)).to.include('ייצוא CSV');
    // Predefined columns the vendor did not rename speak the page's language.
    expect(headerTexts(el).slice(0, 6)).to.deep.equal([
      'זמן',
      'משתמש',
      'פעולה',
      'תיאור',
      'כתובת IP',
      'חומרה',
    ]);
    expect(getComputedStyle($(el, 'section[data-page="audits"]')!).direction).to.equal('rtl');
  });

  it('[SCREEN-068] passes axe-core, with the detail open too', async () => {
    const el = await openAudits();
    await waitUntil(() => $(el, '[data-stat="totalToday"] dd')?.textContent?.match(/\d/), 'no statistics');
    expect(await axeViolations(el)).to.deep.equal([]);
    $<HTMLButtonElement>(el, 'button[data-details="audit-2"]')!.click();
    await waitForDialog(el, 'Audit event');
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
