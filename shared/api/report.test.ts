import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { decodeReportFilter, encodeReportFilter } from './report';

describe('report filters', () => {
  it('[API-021] a report data filter is sent as base64 of its JSON', () => {
    const filter = { from: '2024-01-01', users: ['a', 'b'] };
    expect(encodeReportFilter(filter)).to.equal(btoa(JSON.stringify(filter)));
    expect(JSON.parse(atob(encodeReportFilter({ q: 1 })))).to.deep.equal({ q: 1 });
  });

  it('[API-021] encoding is UTF-8 safe and round-trips any JSON value', () => {
    const encoded = encodeReportFilter({ name: 'Zoë 日本 🎉' });
    expect(encoded).to.match(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeReportFilter(encoded)).to.deep.equal({ name: 'Zoë 日本 🎉' });
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(decodeReportFilter(encodeReportFilter(value))).to.deep.equal(
          JSON.parse(JSON.stringify(value)),
        );
      }),
    );
  });
});
