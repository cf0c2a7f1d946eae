import { inject, injectable } from 'inversify';
import { GenerationalCache } from '../../caching/generational-cache.js';
import { CacheSizes, DEFAULT_CACHE_SIZES } from '../../caching/cache-sizes.js';
import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { JsonValue, Representation } from '../../../domain/versioning/representation.js';
import type { RequestContext } from '../../../domain/versioning/request-context.js';
import { JsonText } from './prepared-bodies.js';
import { keptJson, sameJson, type KeptJson } from './same-json.js';

/** A record's answers on one day, by version text. */
interface RecordAnswers {
  readonly today: CalendarDate;
  readonly byVersion: Map<string, JsonText>;
}

interface PageAnswer {
  readonly today: CalendarDate;
  readonly records: readonly object[];
  readonly json: JsonText;
}

/** A GET operation's 200 as sent, on the day it was made, with the newest value it was walked back from (as JSON parsed back). */
interface KeptAnswer {
  readonly today: CalendarDate;
  readonly newest: KeptJson;
  readonly json: JsonText;
}

/**
 * The one cache of answers, at the HTTP edge: the JSON bytes of a record (and, made once when first asked, their
 * ETags and headers) per version and day, of a list page by its records, and of a GET operation's 200 by its target.
 * What decides an answer is the record, the version and the day, since representing is a pure function of the three;
 * a frozen record is its own revision (a repository hands out a new object when a record changes), so only frozen
 * records are remembered, by identity, and a page only while it holds the very same records in the same order; an
 * operation's value is compared with the one its answer was made from. Bounded per collection (per operation) by
 * CacheSizes.
 */
@injectable()
export class AnswerCache {
  readonly #collections = new Map<object, CollectionAnswers>();

  constructor(@inject(CacheSizes) private readonly sizes: Pick<CacheSizes, 'answers' | 'pages' | 'operationAnswers'> = DEFAULT_CACHE_SIZES) {}

  /** The answers of one GET operation of a team's own, its route's from start. */
  ofOperation(): OperationAnswers {
    return new OperationAnswers(this.sizes.operationAnswers);
  }

  /** The answers of `collection`, the same each time it is asked: a route takes its collection's at start. */
  for(collection: object): CollectionAnswers {
    let answers = this.#collections.get(collection);
    if (answers === undefined) {
      answers = new CollectionAnswers(this.sizes);
      this.#collections.set(collection, answers);
    }
    return answers;
  }
}

/** The answers of one collection; a cache is absent where its size is 0. */
export class CollectionAnswers {
  readonly #records: GenerationalCache<object, RecordAnswers> | undefined;
  readonly #pages: GenerationalCache<string, PageAnswer> | undefined;

  constructor({ answers, pages }: Pick<CacheSizes, 'answers' | 'pages'>) {
    this.#records = answers > 0 ? new GenerationalCache(answers) : undefined;
    this.#pages = pages > 0 ? new GenerationalCache(pages) : undefined;
  }

  /** The answer for `record` at the context's version and day; `represent` shapes it when not known. */
  record<R>(record: R, context: RequestContext, represent: (record: R, context: RequestContext) => Representation): JsonText {
    const memo = this.#records;
    if (memo === undefined) return new JsonText(JSON.stringify(represent(record, context)));
    // A record remembered was frozen when stored, and stays so: only one not found is asked whether it is.
    let known = memo.get(record as object);
    if (known === undefined && !isFrozenObject(record)) return new JsonText(JSON.stringify(represent(record, context)));
    if (known === undefined || !known.today.equals(context.today)) {
      known = { today: context.today, byVersion: new Map() };
      memo.set(record as object, known);
    }
    const version = context.version.toString();
    let json = known.byVersion.get(version);
    if (json === undefined) {
      json = new JsonText(JSON.stringify(represent(record, context)));
      known.byVersion.set(version, json);
    }
    return json;
  }

  /**
   * The answer for the page `slice` names (a PageRequest's key): the JSON array of its records' answers, written by
   * joining their texts (what JSON.stringify of the array would give).
   */
  page<R>(
    slice: string,
    records: readonly R[],
    context: RequestContext,
    represent: (record: R, context: RequestContext) => Representation,
  ): JsonText {
    const memo = this.#pages;
    const key = `${context.version.toString()} ${slice}`;
    const known = memo?.get(key);
    if (known !== undefined && known.today.equals(context.today) && sameObjects(known.records, records)) return known.json;
    let text = '[';
    for (let index = 0; index < records.length; index += 1) {
      if (index > 0) text += ',';
      text += this.record(records[index] as R, context, represent).text;
    }
    const json = new JsonText(`${text}]`);
    if (memo !== undefined && records.every(isFrozenObject))
      memo.set(key, { today: context.today, records: [...(records as readonly object[])], json });
    return json;
  }
}

/**
 * The 200s of one GET operation by request target and version, each of its day, kept with the newest value it was made
 * from: a handler answers fresh objects, and comparing one with the kept value (`sameJson`) costs a fraction of walking
 * it back and serializing it. Absent where its size is 0.
 */
export class OperationAnswers {
  readonly #kept: GenerationalCache<string, Map<string, KeptAnswer>> | undefined;

  constructor(size: number) {
    this.#kept = size > 0 ? new GenerationalCache(size) : undefined;
  }

  /** The answer for `value`, the handler's newest, at `target` and the context's version and day; `represent` walks it back when not kept. */
  answer<C extends RequestContext>(value: JsonValue, target: string, context: C, represent: (value: JsonValue, context: C) => JsonValue): JsonText {
    const kept = this.#kept;
    if (kept === undefined) return new JsonText(JSON.stringify(represent(value, context)));
    const { version, today } = context;
    const at = version.toString();
    const versions = kept.get(target);
    const known = versions?.get(at);
    if (known !== undefined && known.today.equals(today) && sameJson(value, known.newest)) return known.json;
    const json = new JsonText(JSON.stringify(represent(value, context)));
    const made: KeptAnswer = { today, newest: keptJson(JSON.parse(JSON.stringify(value)) as JsonValue), json };
    if (versions === undefined) kept.set(target, new Map([[at, made]]));
    else versions.set(at, made);
    return json;
  }
}

function sameObjects(known: readonly unknown[], records: readonly unknown[]): boolean {
  if (known.length !== records.length) return false;
  for (let index = 0; index < known.length; index += 1) {
    if (known[index] !== records[index]) return false;
  }
  return true;
}

function isFrozenObject(record: unknown): record is object {
  return typeof record === 'object' && record !== null && Object.isFrozen(record);
}
