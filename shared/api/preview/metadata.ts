// Metadata: the portal's adminBox row, the audit columns, the caller's IP.
import type { AnswerOf } from '../contracts/contract';
import { metadataContracts as mc } from '../contracts/metadata';
import { paths } from '../paths';
import { on, parseWith, type PreviewRoute, record } from './common';
import { SAMPLE_VENDOR_ID, type SampleState } from './sampleData';

/** The portal metadata row, in the server's shape. */
const adminBoxRow = (state: SampleState) => ({
  id: `${SAMPLE_VENDOR_ID}:adminBox`,
  entityName: 'adminBox',
  vendorId: SAMPLE_VENDOR_ID,
  configuration: state.adminBoxMetadata,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

/** The audit log's columns, in Frontegg's audits metadata shape (the server keeps none: no rows). */
const auditsRow = (state: SampleState): AnswerOf<typeof mc.getMetadata>['rows'][number] => ({
  id: `${SAMPLE_VENDOR_ID}:audits`,
  entityName: 'audits',
  vendorId: SAMPLE_VENDOR_ID,
  properties: state.auditColumns,
  theme: { id: `${SAMPLE_VENDOR_ID}:audits:theme`, name: 'default', styles: {} },
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

export const metadataHandlers: PreviewRoute[] = [
  on(paths.metadata.getCurrentUserIpMetadata, ({ state }) => ({
    ip: state.currentIp,
    latitude: null,
    longitude: null,
    city: 'San Francisco',
    country_name: 'United States',
    country_code: 'US',
    zip: null,
    location: {},
  })),
  on(paths.metadata.getMetadata, ({ state, query }) => {
    const entityName = query.get('entityName');
    if (entityName === 'adminBox') return { rows: [adminBoxRow(state)] };
    if (entityName === 'audits') return { rows: [auditsRow(state)] };
    return { rows: [] };
  }),
  on(paths.metadata.getAdminBoxMetadata, ({ state }) => adminBoxRow(state)),
  // A commit replaces the parts it names (the server validates them; the preview takes objects only).
  on(paths.metadata.updateAdminBoxMetadata, ({ state, body }) => {
    const { actions } = parseWith(mc.updateAdminBoxMetadata.body, body);
    for (const action of actions) state.adminBoxMetadata[action.type] = record(action.payload);
    return adminBoxRow(state);
  }),
];
