// A shop's orders, customers and coupons, versioned with the layer through its public entries only (a lint rule
// keeps any import of src/ out of examples/). Four versions: an endpoint introduced (customers, 2.0.0), a field
// renamed and one added (3.0.0, the coupons' last version), a field reshaped into an object (4.0.0). Orders and
// customers take writes (POST, PATCH): a body sent in an old version's shape is upgraded to the newest and stored so.
import { defineApi } from 'version-aware-api';
import {
  AddField,
  InvalidRecordError,
  RenameField,
  closedObject,
  defineCollection,
  defineVersion,
  introduces,
  recordChange,
  recordFields,
  recordId,
  recordName,
  removes,
  recordType,
  withField,
  withProperty,
} from 'version-aware-api/versioning';

const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const CURRENCIES = ['EUR', 'USD'];
const STATES = ['placed', 'paid', 'shipped'];

/** A whole number from 1 in `field`, or InvalidRecordError naming it. */
function positive(field, value) {
  if (!Number.isSafeInteger(value) || value < 1) throw new InvalidRecordError(field, 'must be a whole number from 1');
  return value;
}

function oneOf(field, value, allowed) {
  if (!allowed.includes(value)) throw new InvalidRecordError(field, `must be one of ${allowed.join(', ')}`);
  return value;
}

export const CUSTOMER = recordType('Customer');
export const CUSTOMER_VIEW_SET = 'CustomerViewSet';
export const CUSTOMERS = defineCollection({
  name: 'customers',
  head: {
    key: CUSTOMER,
    represent: (customer) => ({ id: customer.id, name: customer.name, email: customer.email }),
    schema: closedObject({ id: ID, name: { type: 'string', minLength: 1, maxLength: 50 }, email: { type: 'string', minLength: 3, maxLength: 254 } }),
    example: { id: 1, name: 'Ada', email: 'ada@example.com' },
  },
  viewSet: CUSTOMER_VIEW_SET,
  parse: (input) => {
    const fields = recordFields(input, ['id', 'name', 'email']);
    if (typeof fields.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(fields.email) || fields.email.length > 254) {
      throw new InvalidRecordError('email', 'must be an email address');
    }
    return Object.freeze({ id: recordId(fields.id), name: recordName(fields.name), email: fields.email });
  },
  path: '/customers/',
  tag: 'Customers',
  routes: {
    list: { operationId: 'listCustomers', summary: 'A page of customers' },
    retrieve: { operationId: 'retrieveCustomer', summary: 'One customer' },
    create: { operationId: 'createCustomer', summary: 'A new customer' },
    update: { operationId: 'updateCustomer', summary: 'A change to a customer' },
  },
});

export const ORDER = recordType('Order');
export const ORDER_VIEW_SET = 'OrderViewSet';
const AMOUNT = closedObject({ value: { type: 'integer', minimum: 1, description: 'In cents.' }, currency: { type: 'string', enum: CURRENCIES } });
export const ORDERS = defineCollection({
  name: 'orders',
  head: {
    key: ORDER,
    represent: (order) => ({
      id: order.id,
      customer_id: order.customer_id,
      amount: { value: order.cents, currency: order.currency },
      state: order.state,
    }),
    schema: closedObject({ id: ID, customer_id: ID, amount: AMOUNT, state: { type: 'string', enum: STATES } }),
    example: { id: 1, customer_id: 1, cents: 1250, currency: 'EUR', state: 'paid' },
  },
  viewSet: ORDER_VIEW_SET,
  // Stored as its newest shape (a data file's item, a PostgreSQL row): amount is the object.
  parse: (input) => {
    const fields = recordFields(input, ['id', 'customer_id', 'amount', 'state']);
    const amount = fields.amount;
    if (typeof amount !== 'object' || amount === null || Array.isArray(amount)) throw new InvalidRecordError('amount', 'must be an object');
    return Object.freeze({
      id: recordId(fields.id),
      customer_id: positive('customer_id', fields.customer_id),
      cents: positive('amount.value', amount.value),
      currency: oneOf('amount.currency', amount.currency, CURRENCIES),
      state: oneOf('state', fields.state, STATES),
    });
  },
  path: '/orders/',
  tag: 'Orders',
  routes: {
    list: { operationId: 'listOrders', summary: 'A page of orders' },
    retrieve: { operationId: 'retrieveOrder', summary: 'One order' },
    create: { operationId: 'createOrder', summary: 'A new order' },
    update: { operationId: 'updateOrder', summary: 'A change to an order' },
  },
});

export const COUPON = recordType('Coupon');
export const COUPON_VIEW_SET = 'CouponViewSet';
export const COUPONS = defineCollection({
  name: 'coupons',
  head: {
    key: COUPON,
    represent: (coupon) => ({ id: coupon.id, code: coupon.code }),
    schema: closedObject({ id: ID, code: { type: 'string', minLength: 1, maxLength: 50 } }),
    example: { id: 1, code: 'WELCOME' },
  },
  viewSet: COUPON_VIEW_SET,
  parse: (input) => {
    const fields = recordFields(input, ['id', 'code']);
    return Object.freeze({ id: recordId(fields.id), code: recordName(fields.code) });
  },
  path: '/coupons/',
  tag: 'Coupons',
  routes: { list: { operationId: 'listCoupons', summary: 'A page of coupons' }, retrieve: { operationId: 'retrieveCoupon', summary: 'One coupon' } },
});

/**
 * Before 4.0.0 an order's amount was its value in cents, the currency always EUR: the object is walked back to it,
 * and an older body's amount (a create's, or a patch that sends one) is made the object in EUR.
 */
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

export const VERSIONS = [
  defineVersion('4.0.0', {
    notes: ['Order.amount is an object with the value and its currency'],
    records: () => [recordChange(ORDER, new AmountAsObject())],
  }),
  defineVersion('3.0.0', {
    notes: ['Renamed Order.status to state', 'Added Customer.email', "The coupon endpoint's last version"],
    records: () => [
      recordChange(ORDER, new RenameField({ from: 'status', to: 'state' })),
      recordChange(CUSTOMER, new AddField({ fieldName: 'email', schema: { type: 'string', minLength: 3, maxLength: 254 } })),
    ],
    views: [removes(COUPON_VIEW_SET)],
  }),
  defineVersion('2.0.0', { notes: ['Added the customer endpoint'], views: [introduces(CUSTOMER_VIEW_SET)] }),
  defineVersion('1.0.0', { notes: ['First release: orders and coupons'] }),
];

/** The shop, with a sample to serve when DATA_FILE is not set. */
export const SHOP = defineApi({
  title: 'Shop API',
  name: "The shop's API",
  tags: { Customers: 'Who orders.', Orders: 'What was ordered, and where it stands.', Coupons: 'Codes for a discount.' },
  collections: [CUSTOMERS, ORDERS, COUPONS],
  versions: VERSIONS,
  sample: {
    customers: [
      { id: 1, name: 'Ada', email: 'ada@example.com' },
      { id: 2, name: 'Grace', email: 'grace@example.com' },
    ],
    orders: [
      { id: 1, customer_id: 1, amount: { value: 1250, currency: 'EUR' }, state: 'paid' },
      { id: 2, customer_id: 2, amount: { value: 990, currency: 'USD' }, state: 'placed' },
    ],
    coupons: [{ id: 1, code: 'WELCOME' }],
  },
});
