// The audit log's column metadata (AUDITS-002, AUDITS-008, ENUM-017), answered on
// `GET /metadata?entityName=audits` in the shape of Frontegg's IAuditsMetadata. The columns are the code's
// (AUDIT_COLUMNS): the list query's filters and sorts are checked against the same list.
import { AUDIT_COLUMNS } from '../../shared/api/contracts/audits';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import type { metadataContracts } from '../../shared/api/contracts/metadata';

export const AUDITS_ENTITY = 'audits';

/** When the columns last changed (they ship with the code). */
const COLUMNS_SINCE = '2026-11-24T00:00:00.000Z';

type MetadataRow = AnswerOf<typeof metadataContracts.getMetadata>['rows'][number];

export const auditsMetadataRow = (vendorId: string): MetadataRow => ({
  id: `${vendorId}:audits`,
  entityName: 'audits',
  vendorId,
  properties: AUDIT_COLUMNS.map((c) => ({ ...c })),
  theme: { id: `${vendorId}:audits:theme`, name: 'default', styles: {} },
  createdAt: COLUMNS_SINCE,
  updatedAt: COLUMNS_SINCE,
});
