import { dereferenced } from './dereferenced.js';
import { ANNOTATIONS, LOWER_BOUNDS, NAMED_MEMBERS, OPERATIONS, RESTRICTIONS, UPPER_BOUNDS } from './contract-keywords.js';
import {
  compareEnums,
  compareRequired,
  compareSecurity,
  compareTypes,
  isObject,
  show,
  type JsonObject,
  type Report,
  type Side,
} from './keyword-judgements.js';

/** One way a generated contract differs from the frozen one. */
export interface ContractDifference {
  /** RFC 6901 pointer into the frozen document dereferenced (into the generated one for what was added). */
  readonly pointer: string;
  /**
   * Where the value that differs is declared when a `$ref` names it (`/components/headers/Vary/description`), in the
   * generated document when it declares it so, else in the frozen one; absent for a value declared where it is used.
   */
  readonly declared?: string;
  /** How many uses of that declaration differ so, when more than one: the difference is reported once, at the first. */
  readonly uses?: number;
  /** The keyword, or the map of named members (`properties`, `paths`, `responses`…), where the two differ. */
  readonly keyword: string;
  /** Whether a client written against the frozen contract may fail against the generated one. */
  readonly breaking: boolean;
  readonly message: string;
}

/**
 * Every difference between a frozen contract (an OpenAPI document or a changelog entry) and the one the code generates
 * now, each classified: breaking when a client written against the frozen one may fail (something removed, a value
 * narrowed, a requirement added where clients send or dropped where they receive), and breaking when unsure. Both
 * are dereferenced first (`dereferenced`): a header, response or parameter declared once in `components` and used by
 * `$ref` means what it would inline, so only a change of meaning is one; a change to such a declaration is reported
 * once, at its first use, with where it is declared and how many uses differ so.
 */
export function contractDifferences(frozen: unknown, generated: unknown): ContractDifference[] {
  const [was, is] = [dereferenced(frozen), dereferenced(generated)];
  const differences: ContractDifference[] = [];
  const origins = { frozen: was.origins, generated: is.origins };
  compareValues(was.document, is.document, { pointer: '', keyword: '', side: 'either', origins }, differences);
  return oncePerDeclaration(differences);
}

/**
 * The differences in their order, those alike of one declaration (the same change of a shared header, seen at each of
 * its uses) as the first of them, with how many uses differ so.
 */
function oncePerDeclaration(differences: readonly ContractDifference[]): ContractDifference[] {
  const byKey = new Map<string, { difference: ContractDifference; uses: number }>();
  differences.forEach((difference, index) => {
    const { declared, keyword, breaking, message } = difference;
    // One declared where it is used is its own: keyed by its place in the list, which no JSON array text is.
    const key = declared === undefined ? String(index) : JSON.stringify([declared, keyword, breaking, message]);
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, { difference, uses: 1 });
    else seen.uses += 1;
  });
  return [...byKey.values()].map(({ difference, uses }) => (uses === 1 ? difference : { ...difference, uses }));
}

/** Where the objects standing for a `$ref` in each document are declared. */
interface Origins {
  readonly frozen: WeakMap<object, string>;
  readonly generated: WeakMap<object, string>;
}

interface Place {
  readonly pointer: string;
  readonly keyword: string;
  readonly side: Side;
  /** Set when the object here is a map of named members: their noun. */
  readonly members?: string;
  /** Where what is here is declared, when a `$ref` named it or what holds it. */
  readonly declared?: string;
  readonly origins: Origins;
}

const escape = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');
/** The place of `key` within `place`, whose values there are `frozen` and `generated`. */
const child = (place: Place, key: string | number, keyword: string, frozen: unknown, generated: unknown): Place => {
  const { origins } = place;
  const declared =
    (isObject(generated) ? origins.generated.get(generated) : undefined) ??
    (isObject(frozen) ? origins.frozen.get(frozen) : undefined) ??
    (place.declared === undefined ? undefined : `${place.declared}/${escape(String(key))}`);
  return {
    pointer: `${place.pointer}/${escape(String(key))}`,
    keyword,
    side:
      key === 'parameters' || key === 'requestBody' ? 'request' : key === 'responses' || key === 'x-unknown-path-responses' ? 'response' : place.side,
    origins,
    ...(declared === undefined ? {} : { declared }),
  };
};

function compareValues(frozen: unknown, generated: unknown, place: Place, out: ContractDifference[]): void {
  if (isObject(frozen) && isObject(generated)) compareObjects(frozen, generated, place, out);
  else if (Array.isArray(frozen) && Array.isArray(generated)) compareArrays(frozen, generated, place, out);
  else if (show(frozen) !== show(generated)) {
    out.push({ ...at(place), breaking: true, message: `${place.keyword || 'value'} changed from ${show(frozen)} to ${show(generated)}` });
  }
}

const at = ({ pointer, keyword, declared }: Place): Pick<ContractDifference, 'pointer' | 'keyword' | 'declared'> =>
  declared === undefined ? { pointer, keyword } : { pointer, keyword, declared };

function compareObjects(frozen: JsonObject, generated: JsonObject, place: Place, out: ContractDifference[]): void {
  const noun = place.members;
  for (const key of new Set([...Object.keys(frozen), ...Object.keys(generated)])) {
    if (noun !== undefined) compareMember(noun, key, frozen[key], generated[key], child(place, key, place.keyword, frozen[key], generated[key]), out);
    else {
      const members = NAMED_MEMBERS[key];
      const here = child(place, key, key, frozen[key], generated[key]);
      compareKeyword(key, frozen[key], generated[key], { ...here, ...(members === undefined ? {} : { members }) }, out);
    }
  }
}

/** A member of a map of named members: a property, a path, a response status, a header… */
function compareMember(noun: string, name: string, frozen: unknown, generated: unknown, place: Place, out: ContractDifference[]): void {
  if (generated === undefined) out.push({ ...at(place), breaking: true, message: `${noun} ${name} removed` });
  else if (frozen === undefined) out.push({ ...at(place), breaking: false, message: `${noun} ${name} added` });
  else {
    const { members: _members, ...within } = place;
    compareValues(frozen, generated, { ...within, keyword: name }, out);
  }
}

function compareKeyword(keyword: string, frozen: unknown, generated: unknown, place: Place, out: ContractDifference[]): void {
  if (show(frozen) === show(generated)) return;
  const report = (breaking: boolean, message: string): void => void out.push({ ...at(place), breaking, message: `${keyword} ${message}` });
  if (ANNOTATIONS.has(keyword)) {
    report(false, frozen === undefined ? 'added' : generated === undefined ? 'removed' : `changed from ${show(frozen)} to ${show(generated)}`);
  } else if (keyword === 'security') {
    compareSecurity(frozen, generated, place.pointer, report);
  } else if (keyword === 'required') {
    compareRequired(frozen, generated, place.side, report);
  } else if (keyword === 'additionalProperties') {
    compareAdditionalProperties(frozen, generated, place, report, out);
  } else if (keyword === 'type') {
    compareTypes(frozen, generated, place.side, report);
  } else if (keyword === 'enum') {
    compareEnums(frozen, generated, report);
  } else if (keyword === 'uniqueItems') {
    report(generated === true, `turned ${show(generated ?? false)}${generated === true ? ' (narrowed)' : ' (widened)'}`);
  } else if (generated === undefined) {
    if (RESTRICTIONS.has(keyword)) report(false, `removed (widened), was ${show(frozen)}`);
    else report(true, `${OPERATIONS.has(keyword) ? 'operation ' : ''}removed`);
  } else if (frozen === undefined) {
    if (RESTRICTIONS.has(keyword)) report(true, `added (narrowed): ${show(generated)}`);
    else report(false, 'added');
  } else if (typeof frozen === 'number' && typeof generated === 'number' && (LOWER_BOUNDS.has(keyword) || UPPER_BOUNDS.has(keyword))) {
    const narrowed = LOWER_BOUNDS.has(keyword) ? generated > frozen : generated < frozen;
    report(narrowed, `${generated > frozen ? 'raised' : 'lowered'} from ${frozen} to ${generated} (${narrowed ? 'narrowed' : 'widened'})`);
  } else {
    compareValues(frozen, generated, place, out);
  }
}

/** Absent means any property is allowed: `true`. */
function compareAdditionalProperties(frozen: unknown, generated: unknown, place: Place, report: Report, out: ContractDifference[]): void {
  const [was, is] = [frozen ?? true, generated ?? true];
  if (isObject(was) && isObject(is)) compareValues(was, is, place, out);
  else if (is === false) report(true, `turned false from ${show(was)} (narrowed)`);
  else if (was === false || is === true) report(false, `turned ${show(is)} from ${show(was)} (widened)`);
  else report(true, `turned ${show(is)} from ${show(was)} (narrowed)`);
}

/** Parameters are matched by where and name; any other list item by item, and an item added or removed is breaking. */
function compareArrays(frozen: readonly unknown[], generated: readonly unknown[], place: Place, out: ContractDifference[]): void {
  if (place.keyword === 'parameters') {
    compareParameters(frozen, generated, place, out);
    return;
  }
  for (let index = 0; index < Math.max(frozen.length, generated.length); index += 1) {
    const here = child(place, index, place.keyword, frozen[index], generated[index]);
    if (index >= generated.length) out.push({ ...at(here), breaking: true, message: `${place.keyword} item ${show(frozen[index])} removed` });
    else if (index >= frozen.length) out.push({ ...at(here), breaking: true, message: `${place.keyword} item ${show(generated[index])} added` });
    else compareValues(frozen[index], generated[index], here, out);
  }
}

function compareParameters(frozen: readonly unknown[], generated: readonly unknown[], place: Place, out: ContractDifference[]): void {
  const key = (parameter: unknown): string => (isObject(parameter) ? `${String(parameter.in)} ${String(parameter.name)}` : show(parameter));
  const generatedKeys = generated.map(key);
  frozen.forEach((parameter, index) => {
    const match = generatedKeys.indexOf(key(parameter));
    const here = child(place, index, 'parameters', parameter, generated[match]);
    if (match === -1) out.push({ ...at(here), breaking: true, message: `parameter ${key(parameter)} removed` });
    else compareValues(parameter, generated[match], here, out);
  });
  const frozenKeys = frozen.map(key);
  generated.forEach((parameter, index) => {
    if (frozenKeys.includes(key(parameter))) return;
    const required = isObject(parameter) && parameter.required === true;
    const fixed = required ? fixedValue(parameter) : undefined;
    out.push({
      ...at(child(place, index, 'parameters', undefined, parameter)),
      breaking: required && fixed === undefined,
      message:
        fixed === undefined
          ? `${required ? 'required' : 'optional'} parameter ${key(parameter)} added`
          : `required parameter ${key(parameter)} added with one value, its default ${fixed}: a constant a generated client fills in`,
    });
  });
}

/**
 * The one value a parameter admits when it is also its default (`enum: [v]` or `const: v`, with `default: v`), shown;
 * else undefined. Such a required parameter (a version's Api-Version) asks nothing of a client: a generated one sends it,
 * and the service reads it only when present.
 */
function fixedValue(parameter: JsonObject): string | undefined {
  const schema = parameter.schema;
  if (!isObject(schema) || !('default' in schema)) return undefined;
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
  return values.length === 1 && show(values[0]) === show(schema.default) ? show(schema.default) : undefined;
}
