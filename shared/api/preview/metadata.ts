// Metadata: the portal's adminBox row, the audit columns, the caller's IP.
import { paths } from '../paths';
import { fail, type Json, on, type PreviewRoute, record } from './common';
import { SAMPLE_VENDOR_ID, type SampleState } from './sampleData';

/** The portal metadata row, in the server's shape. */
const adminBoxRow = (state: SampleState) => ({
  id: `${SAMPLE_VENDOR_ID}:adminBox`,
  entityName: 'adminBox',
  vendorId: SAMPLE_VENDOR_ID,
  configuration: state.adminBoxMetadata,
});

export const metadataHandlers: PreviewRoute[] = [
  on(paths.metadata.getCurrentUserIpMetadata, ({ state }) => ({
    ip: state.currentIp,
    country: 'US',
    city: 'San Francisco',
  })),
  on(paths.metadata.getMetadata, ({ state, query }) => {
    const entityName = query.get('entityName');
    if (entityName === 'adminBox') return { rows: [adminBoxRow(state)] };
    if (entityName === 'audits') return { rows: [{ properties: state.auditColumns, theme: { styles: {} } }] };
    return { rows: [] };
  }),
  on(paths.metadata.getAdminBoxMetadata, ({ state }) => adminBoxRow(state)),
  // A commit replaces the parts it names (the server validates them; the preview takes objects only).
  on(paths.metadata.updateAdminBoxMetadata, ({ state, body }) => {
    const actions = record(body).actions;
    if (!Array.isArray(actions) || !actions.length) throw fail(400, 'actions: Required');
    for (const action of actions as Json[]) {
      const part = action?.type;
      if (part !== 'navigation' && part !== 'fields' && part !== 'tabs' && part !== 'theme')
        throw fail(400, 'actions.type: Invalid enum value');
      state.adminBoxMetadata[part] = record(action.payload);
    }
    return adminBoxRow(state);
  }),
];
