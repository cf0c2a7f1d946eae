import t from 'tap';
import { InMemoryRecordRepository } from '../../../src/adapters/persistence/memory/in-memory-record-repository.js';
import { AjvSchemaChecks } from '../../../src/adapters/validation/ajv-schema-checks.js';
import { IdempotencyKeyReusedError, InvalidBodyError, NotFoundError, WritesUnavailableError } from '../../../src/application/errors/refusals.js';
import { CreateRecord } from '../../../src/application/use-cases/create-record.js';
import { UpdateRecord } from '../../../src/application/use-cases/update-record.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { PageRequest } from '../../../src/application/paging/page-request.js';
import { ORDERS, SHOP, type Order } from '../../fixtures/shop-api.js';
import { defineApi } from '../../../src/api-definition.js';
import type { JsonSchema } from '../../../src/domain/versioning/json-schema.js';
import type { Representation } from '../../../src/domain/versioning/representation.js';
import type { Transform } from '../../../src/domain/versioning/transform.js';
import { defineVersion, introduces, recordChange } from '../../../src/domain/versioning/version-declaration.js';

// The writes' use cases with the in-memory storage, no HTTP: what a domain-level test of a team's own API does.
const model = SHOP.model({ defaultVersion: 'latest', removedIn: 'inclusive' });
const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const v = (text: string): Version => Version.parse(text);

function shop(options: { writesRefused?: boolean } = {}) {
  const orders = new InMemoryRecordRepository<Order>([Object.freeze({ id: 1, cents: 1250, currency: 'USD', state: 'paid' })], options);
  const checks = new AjvSchemaChecks();
  return {
    orders,
    create: new CreateRecord<Order>(model, orders, orders, ORDERS, checks),
    update: new UpdateRecord<Order>(model, orders, orders, ORDERS, checks),
  };
}

t.test('a create at 2.0.0 is the record the newest shape makes, its id the next', async (t) => {
  const { create, orders } = shop();
  const created = create.create({ version: v('2.0.0'), today, body: { amount: 990, status: 'placed' } });
  t.same(created, { record: { id: 2, cents: 990, currency: 'EUR', state: 'placed' }, replayed: false });
  t.equal(orders.findById(2), (created as { record: Order }).record, 'stored, the same object');
  t.same(create.represent((created as { record: Order }).record, { version: v('2.0.0'), today }), { id: 2, amount: 990, status: 'placed' });
});

t.test('each refusal is a value, naming what is wrong', async (t) => {
  const { create, update, orders } = shop();
  t.same(create.create({ version: v('1.0.0'), today, body: {} }), new NotFoundError('hidden'), 'create is introduced at 2.0.0');
  const unfit = create.create({ version: v('4.0.0'), today, body: [] });
  t.ok(unfit instanceof InvalidBodyError);
  t.equal((unfit as InvalidBodyError).message, 'The body does not fit Order at version 4.0.0: the body must be object (type).');
  t.same(update.update({ version: v('4.0.0'), today, id: '7', body: {} }), new NotFoundError('no_record'));
  t.same(update.update({ version: v('4.0.0'), today, id: '0', body: {} }), new NotFoundError('no_record'));
  const broken = update.update({ version: v('4.0.0'), today, id: '1', body: { state: 'shipped', amount: { value: 5 } } });
  t.match(broken, { code: 'invalid_body', message: /breaks a rule of Order: "amount.value" must be at least 100 for a shipped order/ });
  t.same(orders.findById(1), { id: 1, cents: 1250, currency: 'USD', state: 'paid' }, 'nothing stored');
});

t.test('an Idempotency-Key: replayed with the same request, refused with another', async (t) => {
  const { create, orders } = shop();
  const claim = { scope: 'client:shop', key: 'k1', fingerprint: 'one' };
  const body = { amount: { value: 100, currency: 'EUR' }, state: 'placed' };
  const first = create.create({ version: v('4.0.0'), today, body, idempotency: claim }) as { record: Order };
  const again = create.create({ version: v('4.0.0'), today, body, idempotency: claim });
  t.same(again, { record: first.record, replayed: true });
  t.ok(create.create({ version: v('4.0.0'), today, body, idempotency: { ...claim, fingerprint: 'two' } }) instanceof IdempotencyKeyReusedError);
  t.equal(orders.list(PageRequest.fromQuery(10, 0)).total, 2, 'one record made');
});

t.test("the storage's refusal is the answer; a fault is thrown", async (t) => {
  const { create, update } = shop({ writesRefused: true });
  t.ok(
    create.create({ version: v('4.0.0'), today, body: { amount: { value: 100, currency: 'EUR' }, state: 'placed' } }) instanceof
      WritesUnavailableError,
  );
  t.ok(update.update({ version: v('4.0.0'), today, id: '1', body: { state: 'shipped' } }) instanceof WritesUnavailableError);
  const faulty = new CreateRecord<Order>(
    model,
    shop().orders,
    { create: () => Promise.reject(new Error('disk on fire')), update: () => undefined },
    ORDERS,
    new AjvSchemaChecks(),
  );
  await t.rejects(
    faulty.create({ version: v('4.0.0'), today, body: { amount: { value: 100, currency: 'EUR' }, state: 'placed' } }) as Promise<unknown>,
    {
      message: 'disk on fire',
    },
  );
});

t.test('a schema no validator takes stops the start, naming the collection', async (t) => {
  const checks = {
    compile: () => {
      throw new Error('unknown keyword "money"');
    },
  };
  t.throws(() => new CreateRecord<Order>(model, shop().orders, shop().orders, ORDERS, checks), {
    message: /^the create body of orders at 4\.0\.0 has a schema no validator takes: unknown keyword "money"$/,
  });
});

t.test('the body schema each version publishes', async (t) => {
  const { update } = shop();
  t.same(Object.keys((update.bodySchema(v('1.0.0')).properties ?? {}) as object), ['amount', 'status', 'note']);
  t.same(Object.keys((update.bodySchema(v('4.0.0')).properties ?? {}) as object), ['amount', 'state', 'note']);
});

/** An upgrade that makes a body the newest shape cannot hold: the second check is what stops it. */
class LostState implements Transform<Order> {
  readonly description = 'every upgraded order is lost';

  downgradeResponse(data: Representation): Representation {
    return data;
  }

  downgradeSchema(schema: JsonSchema): JsonSchema {
    return schema;
  }

  upgradeRequest(data: Representation): Representation {
    return { ...data, state: 'lost' };
  }
}

t.test('the upgraded body is checked again as the newest shape; an update exists only in its window', async (t) => {
  const api = defineApi({
    collections: [ORDERS],
    versions: [
      defineVersion('3.0.0', { notes: ['A faulty upgrade'], records: () => [recordChange(ORDERS.head.key, new LostState())] }),
      defineVersion('2.0.0', {
        notes: ['Orders may be changed'],
        views: [introduces('OrderViewSet', 'update'), introduces('OrderViewSet', 'create')],
      }),
      defineVersion('1.0.0', { notes: ['First release'] }),
    ],
  });
  const lost = api.model({ defaultVersion: 'latest', removedIn: 'inclusive' });
  const { orders } = shop();
  const update = new UpdateRecord<Order>(lost, orders, orders, ORDERS, new AjvSchemaChecks());
  const create = new CreateRecord<Order>(lost, orders, orders, ORDERS, new AjvSchemaChecks());
  t.same(update.update({ version: v('1.0.0'), today, id: '1', body: {} }), new NotFoundError('hidden'), 'before 2.0.0: hidden');
  const message = 'The body, upgraded from version 2.0.0 to 3.0.0, does not fit Order: "state" must be equal to one of the allowed values (enum).';
  t.match(update.update({ version: v('2.0.0'), today, id: '1', body: { state: 'paid' } }), { code: 'invalid_body', message });
  t.match(create.create({ version: v('2.0.0'), today, body: { amount: { value: 5, currency: 'EUR' }, state: 'paid' } }), {
    code: 'invalid_body',
    message,
  });
});

t.test("a rule of the whole record names the record; a parser's fault is thrown, not answered", async (t) => {
  const { create } = shop();
  const body = { amount: { value: 100, currency: 'EUR' }, state: 'placed', note: '' };
  t.match(create.create({ version: v('4.0.0'), today, body }), {
    code: 'invalid_body',
    message: 'The body, upgraded from version 4.0.0, breaks a rule of Order: the record a note, when given, says something.',
  });
  const faulty = {
    ...ORDERS,
    parse: () => {
      throw new TypeError('parser bug');
    },
  };
  const orders = shop().orders;
  const broken = new CreateRecord<Order>(model, orders, orders, faulty, new AjvSchemaChecks());
  t.throws(() => broken.create({ version: v('4.0.0'), today, body: { amount: { value: 100, currency: 'EUR' }, state: 'placed' } }), {
    message: 'parser bug',
  });
});
