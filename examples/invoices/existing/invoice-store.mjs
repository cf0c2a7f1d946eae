// The invoicing team's own code, as it was before any versioning: a store port its handlers call, kept in memory
// here and in PostgreSQL beside it (postgres-invoice-store.mjs). Ids are strings (`inv_…`, `cus_…`); paying is a
// business action that only an open invoice takes.

/**
 * @typedef {{ id: string, display_name: string }} Customer
 * @typedef {{ id: string, customer: Customer, amount: { value: number, currency: 'EUR' | 'USD' }, status: 'draft' | 'open' | 'paid', created: string }} Invoice
 * @typedef {{ customer_id: string, amount: { value: number, currency: 'EUR' | 'USD' }, finalize?: boolean }} NewInvoice
 * @typedef {{ invoice: Invoice } | { refused: 'no_invoice' | 'not_open' | 'no_customer' }} Outcome
 */

/** The sample the store starts with when it is empty. */
export const SAMPLE = Object.freeze({
  customers: [
    { id: 'cus_ada', display_name: 'Ada Lovelace' },
    { id: 'cus_grace', display_name: 'Grace Hopper' },
  ],
  invoices: [
    { id: 'inv_1001', customer_id: 'cus_ada', cents: 1250, currency: 'EUR', status: 'open', created: '2026-11-01T10:00:00.000Z' },
    { id: 'inv_1002', customer_id: 'cus_grace', cents: 990, currency: 'USD', status: 'paid', created: '2026-11-02T10:00:00.000Z' },
    { id: 'inv_1003', customer_id: 'cus_ada', cents: 4000, currency: 'EUR', status: 'draft', created: '2026-11-03T10:00:00.000Z' },
  ],
});

/** The invoices and customers, in memory. */
export class InMemoryInvoiceStore {
  #customers = new Map(SAMPLE.customers.map((customer) => [customer.id, { ...customer }]));
  #invoices = new Map(SAMPLE.invoices.map((invoice) => [invoice.id, { ...invoice }]));
  #next = 1004;

  /** @param {{ status?: string }} filter @returns {Promise<Invoice[]>} */
  async list({ status } = {}) {
    return [...this.#invoices.values()].filter((row) => status === undefined || row.status === status).map((row) => this.#shown(row));
  }

  /** @returns {Promise<Invoice | undefined>} */
  async find(id) {
    const row = this.#invoices.get(id);
    return row === undefined ? undefined : this.#shown(row);
  }

  /** @param {NewInvoice} body @returns {Promise<Outcome>} */
  async create({ customer_id, amount, finalize = false }) {
    if (!this.#customers.has(customer_id)) return { refused: 'no_customer' };
    const row = {
      id: `inv_${this.#next++}`,
      customer_id,
      cents: amount.value,
      currency: amount.currency,
      status: finalize ? 'open' : 'draft',
      created: new Date().toISOString(),
    };
    this.#invoices.set(row.id, row);
    return { invoice: this.#shown(row) };
  }

  /** @returns {Promise<Outcome>} */
  async pay(id) {
    const row = this.#invoices.get(id);
    if (row === undefined) return { refused: 'no_invoice' };
    if (row.status !== 'open') return { refused: 'not_open' };
    row.status = 'paid';
    return { invoice: this.#shown(row) };
  }

  async close() {}

  #shown(row) {
    return {
      id: row.id,
      customer: { ...this.#customers.get(row.customer_id) },
      amount: { value: row.cents, currency: row.currency },
      status: row.status,
      created: row.created,
    };
  }
}
