import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportRow } from '../../server/requests/staff/repo';
import type { Store } from '../../server/platform/db/store';
import { silentLogger } from '../../server/platform/http/logger';

// The staff CSV export (issue 34) streams keyset batches with the socket's backpressure. This
// checks the other half: when the member of staff cancels the download (the client goes away),
// the export stops reading the database and closes its batch source, rather than walking on
// through a million rows for nobody. The database is replaced by an endless source that counts
// the batches asked of it.

const source = { pulled: 0, closed: false };
const row = (n: number): ExportRow =>
  ({ id: n, micros: String(n), reference: `REQ-${n}`, createdAt: '2026-11-27T10:00:00.000Z', kind: 'contact', status: 'new', name: 'Ada Obi', email: 'ada@example.com', phone: '+2348031234567', visitAt: null, closedAt: null, note: 'x'.repeat(200), erasedAt: null }) as unknown as ExportRow;

vi.mock('../../server/requests/staff/repo', async (actual) => ({
  ...(await actual<typeof import('../../server/requests/staff/repo')>()),
  exportRequests: async function* endless() {
    try {
      for (let n = 0; ; n++) {
        source.pulled++;
        await new Promise((r) => setImmediate(r));
        yield Array.from({ length: 100 }, (_, i) => row(n * 100 + i));
      }
    } finally {
      source.closed = true;
    }
  },
}));

let server: Server | undefined;
afterEach(() => server?.close());

describe('the staff CSV export', () => {
  it('stops reading and closes its source when the client goes away mid-download', async () => {
    const { staffDownloads } = await import('../../server/requests/staff/downloads');
    const app = express();
    app.use(staffDownloads({ getUser: async () => ({ uid: 's', displayName: 'Staff', email: 's@example.com', role: 'staff' }), store: { db: {} } as unknown as Store, logger: silentLogger }));
    server = createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;

    const req = request({ host: '127.0.0.1', port, path: '/staff/export.csv' });
    req.end();
    const [res] = (await once(req, 'response')) as [import('node:http').IncomingMessage];
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    // Take a little of the file, then cancel.
    let received = 0;
    for await (const chunk of res) {
      received += (chunk as Buffer).length;
      if (received > 200_000) break;
    }
    req.destroy();
    await vi.waitFor(() => expect(source.closed).toBe(true), { timeout: 5000 });
    const atClose = source.pulled;
    await new Promise((r) => setTimeout(r, 300));
    expect(source.pulled).toBe(atClose);
    // It read about what went out and what the sockets held, not on and on.
    expect(atClose).toBeLessThan(200);
  });
});
