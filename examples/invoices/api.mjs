// The invoicing team's API with Stripe-style versions added over its own code (./existing/): the team keeps its
// store, its SQL, its string ids and its pay action; the layer negotiates the version, hides what a version does not
// have, and walks every body between the newest shape its handlers speak and the shape the client's version has.
// Three versions: the amount became an object and pay came (2.0.0); the customer's name became its display name, and
// an issued invoice is called open (3.0.0). The customer is a record type of its own, nested in each invoice: its
// change is declared once and reaches every invoice, in every answer and document.
import { defineApi } from 'version-aware-api';
import {
  RenameField,
  defineOperations,
  defineVersion,
  introduces,
  recordChange,
  recordType,
  refuse,
  reply,
  withField,
  withProperty,
} from 'version-aware-api/versioning';
import { InMemoryInvoiceStore } from './existing/invoice-store.mjs';

const CURRENCIES = ['EUR', 'USD'];
const AMOUNT = {
  type: 'object',
  properties: { value: { type: 'integer', minimum: 1, description: 'In cents.' }, currency: { enum: CURRENCIES } },
  required: ['value', 'currency'],
  additionalProperties: false,
};
const INVOICE_ID = { type: 'string', pattern: '^inv_[0-9]+$' };

export const CUSTOMER = recordType(
  'Customer',
  {
    type: 'object',
    properties: { id: { type: 'string', pattern: '^cus_[a-z0-9]+$' }, display_name: { type: 'string', minLength: 1, maxLength: 100 } },
    required: ['id', 'display_name'],
    additionalProperties: false,
  },
  { example: { id: 'cus_ada', display_name: 'Ada Lovelace' } },
);

export const INVOICE = recordType(
  'Invoice',
  {
    type: 'object',
    properties: {
      id: INVOICE_ID,
      customer: CUSTOMER,
      amount: AMOUNT,
      status: { enum: ['draft', 'open', 'paid'] },
      created: { type: 'string', format: 'date-time' },
    },
    required: ['id', 'customer', 'amount', 'status', 'created'],
    additionalProperties: false,
  },
  {
    example: {
      id: 'inv_1001',
      customer: { id: 'cus_ada', display_name: 'Ada Lovelace' },
      amount: { value: 1250, currency: 'EUR' },
      status: 'open',
      created: '2026-11-01T10:00:00.000Z',
    },
  },
);

/** A create's body: not the invoice (the server gives its id, status and date), with a write-only choice of its own. */
export const NEW_INVOICE = recordType(
  'NewInvoice',
  {
    type: 'object',
    properties: {
      customer_id: { type: 'string', pattern: '^cus_[a-z0-9]+$' },
      amount: AMOUNT,
      finalize: { type: 'boolean', writeOnly: true, description: 'Open the invoice at once; a draft otherwise.' },
    },
    required: ['customer_id', 'amount'],
    additionalProperties: false,
  },
  { example: { customer_id: 'cus_ada', amount: { value: 1250, currency: 'EUR' } } },
);

const REFUSED = {
  no_invoice: () => refuse(404, 'no_invoice', 'No invoice has this id.'),
  not_open: () => refuse(409, 'not_open', 'Only an open invoice is paid.'),
  no_customer: () => refuse(422, 'no_customer', 'No customer has this id.'),
};

/** The team's handlers, over its own store: every body they take and give is the newest shape. */
export function invoiceOperations(store) {
  const outcome =
    (status) =>
    ({ invoice, refused }) =>
      refused !== undefined ? REFUSED[refused]() : status === 201 ? reply(201, invoice, { Location: `/invoices/${invoice.id}/` }) : invoice;
  return defineOperations('InvoiceViewSet', {
    tag: 'Invoices',
    operations: {
      list: {
        method: 'GET',
        path: '/invoices/',
        summary: 'Every invoice, or those of one status',
        query: { status: INVOICE.field('status') },
        responses: { 200: { type: 'array', items: INVOICE } },
        handler: ({ query }) => store.list({ status: query.status }),
      },
      retrieve: {
        method: 'GET',
        path: '/invoices/{id}/',
        summary: 'One invoice',
        params: { id: INVOICE_ID },
        responses: { 200: INVOICE, 404: 'No invoice has this id' },
        handler: async ({ params }) => (await store.find(params.id)) ?? REFUSED.no_invoice(),
      },
      create: {
        method: 'POST',
        path: '/invoices/',
        summary: 'A new invoice, a draft unless finalized',
        body: NEW_INVOICE,
        responses: { 201: INVOICE, 422: 'No customer has this id' },
        handler: async ({ body }) => outcome(201)(await store.create(body)),
      },
      pay: {
        method: 'POST',
        path: '/invoices/{id}/pay',
        summary: 'Pay an open invoice',
        params: { id: INVOICE_ID },
        responses: { 200: INVOICE, 404: 'No invoice has this id', 409: 'The invoice is not open' },
        handler: async ({ params }) => outcome(200)(await store.pay(params.id)),
      },
    },
  });
}

/** Before 2.0.0 an amount was its value in cents, always EUR: in an invoice and in a create's body alike. */
class AmountAsObject {
  description = 'the amount in cents became an object with its currency';

  downgradeResponse(data) {
    return withField(data, 'amount', data.amount.value);
  }

  downgradeSchema(schema) {
    return withProperty(schema, 'amount', { type: 'integer', minimum: 1, description: 'In cents of EUR.' });
  }

  upgradeRequest(data) {
    return data.amount === undefined ? data : withField(data, 'amount', { value: data.amount, currency: 'EUR' });
  }
}

/** Before 3.0.0 an open invoice was called issued. */
class IssuedIsOpen {
  description = 'an issued invoice is called open';

  downgradeResponse(data) {
    return data.status === 'open' ? withField(data, 'status', 'issued') : data;
  }

  downgradeSchema(schema) {
    return withProperty(schema, 'status', { enum: ['draft', 'issued', 'paid'] });
  }

  upgradeRequest(data) {
    return data.status === 'issued' ? withField(data, 'status', 'open') : data;
  }
}

export const VERSIONS = [
  defineVersion('3.0.0', {
    notes: ['A customer has a display name', 'An issued invoice is called open'],
    records: () => [recordChange(CUSTOMER, new RenameField({ from: 'name', to: 'display_name' })), recordChange(INVOICE, new IssuedIsOpen())],
  }),
  defineVersion('2.0.0', {
    notes: ['An amount is an object with its currency', 'An open invoice can be paid'],
    records: () => [recordChange([INVOICE, NEW_INVOICE], new AmountAsObject())],
    views: [introduces('InvoiceViewSet', 'pay')],
  }),
  defineVersion('1.0.0', { notes: ['First release: invoices and their customers'] }),
];

/** The invoicing API over `store` (the team's own, in memory or in PostgreSQL). */
export function invoicingApi(store) {
  return defineApi({
    title: 'Invoicing API',
    name: 'The invoicing API',
    tags: { Invoices: 'Invoices, their customers, and paying them.' },
    operations: [invoiceOperations(store)],
    versions: VERSIONS,
  });
}

/** The API over the in-memory store: what its frozen contracts are made from. */
export const INVOICING = invoicingApi(new InMemoryInvoiceStore());
