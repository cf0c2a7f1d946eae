// The team's API as it served before versioning: its own node:http routes over its store. The versioned API
// (../api.mjs) calls the same store from its handlers; this file is kept to show what the team started from.
import { createServer } from 'node:http';

const REFUSALS = { no_invoice: 404, not_open: 409, no_customer: 422 };

/** A node:http server of the team's own over `store`. */
export function existingServer(store) {
  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const outcome = (res, status, { invoice, refused }) =>
    refused === undefined ? send(res, status, invoice) : send(res, REFUSALS[refused], { detail: refused });
  return createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const pay = /^\/invoices\/(inv_\w+)\/pay$/.exec(url.pathname);
    const one = /^\/invoices\/(inv_\w+)\/$/.exec(url.pathname);
    try {
      if (req.method === 'GET' && url.pathname === '/invoices/')
        return send(res, 200, await store.list({ status: url.searchParams.get('status') ?? undefined }));
      if (req.method === 'GET' && one !== null) {
        const invoice = await store.find(one[1]);
        return invoice === undefined ? send(res, 404, { detail: 'no_invoice' }) : send(res, 200, invoice);
      }
      if (req.method === 'POST' && url.pathname === '/invoices/') {
        let text = '';
        for await (const chunk of req) text += chunk;
        return outcome(res, 201, await store.create(JSON.parse(text)));
      }
      if (req.method === 'POST' && pay !== null) return outcome(res, 200, await store.pay(pay[1]));
      return send(res, 404, { detail: 'not_found' });
    } catch {
      return send(res, 500, { detail: 'error' });
    }
  });
}
