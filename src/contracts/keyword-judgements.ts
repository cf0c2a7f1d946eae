// How a change to one keyword's value is judged: breaking or not, and the words that say so.

/** Which way the values under a pointer travel: what clients send, what they receive, or either (components, unknown). */
export type Side = 'request' | 'response' | 'either';

export type JsonObject = Readonly<Record<string, unknown>>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
export const show = (value: unknown): string => JSON.stringify(value) ?? 'nothing';
/** Says one difference under the keyword being compared: whether it breaks a client, and how. */
export type Report = (breaking: boolean, message: string) => void;

/**
 * `required`, as a schema's list of properties or a parameter's or header's flag. A requirement added binds what clients
 * send; one dropped frees what they receive: each breaks on its side, and both where the side is unknown.
 */
export function compareRequired(frozen: unknown, generated: unknown, side: Side, report: Report): void {
  if (!Array.isArray(frozen ?? []) || !Array.isArray(generated ?? [])) {
    const [was, is] = [frozen === true, generated === true];
    report(is ? side !== 'response' : side !== 'request', `turned ${show(is)} from ${show(was)}`);
    return;
  }
  const [was, is] = [(frozen ?? []) as unknown[], (generated ?? []) as unknown[]];
  const added = is.filter((name) => !was.includes(name));
  const dropped = was.filter((name) => !is.includes(name));
  if (added.length > 0) report(side !== 'response', `now also lists ${show(added)}`);
  if (dropped.length > 0) report(side !== 'request', `no longer lists ${show(dropped)}`);
}

/**
 * `security`: alternatives, any one of which a request meets (`{}` asks for nothing). A client met one of the frozen
 * ones: an alternative dropped breaks it, one added breaks nobody, and once `{}` is among them nothing can. Absent
 * or `[]`, the root asks for nothing; an operation without one takes the root's, which this comparison does not see,
 * so a change to or from that is breaking unless `{}` is then accepted.
 */
export function compareSecurity(frozen: unknown, generated: unknown, pointer: string, report: Report): void {
  const atRoot = pointer === '/security';
  const alternatives = (security: unknown): string[] | undefined => {
    if (security === undefined && !atRoot) return undefined;
    const list = Array.isArray(security) && security.length > 0 ? security : [{}];
    return list.map((requirement) => show(isObject(requirement) ? Object.fromEntries(Object.entries(requirement).sort()) : requirement));
  };
  const [was, is] = [alternatives(frozen), alternatives(generated)];
  const anonymous = show({});
  if (is?.includes(anonymous) === true) {
    const added = is.filter((requirement) => !(was ?? []).includes(requirement));
    const change =
      frozen === undefined
        ? `added: ${show(generated)}`
        : added.length === 0
          ? `changed from ${show(frozen)} to ${show(generated)}`
          : `now also accepts ${added.join(' or ')}`;
    report(false, `${change} (anonymous accepted)`);
  } else if (was === undefined || is === undefined) {
    const change = frozen === undefined ? `added: ${show(generated)}, in place of the root's` : `removed, was ${show(frozen)}: the root's applies`;
    report(true, `${change} (unsure: the root's is not compared here)`);
  } else {
    const dropped = was.filter((requirement) => !is.includes(requirement));
    const added = is.filter((requirement) => !was.includes(requirement));
    if (dropped.length > 0) report(true, `no longer accepts ${dropped.join(' or ')}`);
    if (added.length > 0) report(false, `now also accepts ${added.join(' or ')}`);
    if (dropped.length === 0 && added.length === 0) report(false, `changed from ${show(frozen)} to ${show(generated)} (the same alternatives)`);
  }
}

/** A `type` losing a member narrows; gaining one widens, which breaks clients that receive it (a value of a type they never parse). */
export function compareTypes(frozen: unknown, generated: unknown, side: Side, report: Report): void {
  const name = (type: unknown): string => (typeof type === 'string' ? type : show(type));
  const members = (type: unknown): string[] => (type === undefined ? [] : Array.isArray(type) ? type.map(name) : [name(type)]);
  const [was, is] = [members(frozen), members(generated)];
  const admits = (types: string[], type: string): boolean => types.includes(type) || (type === 'integer' && types.includes('number'));
  const lost = generated === undefined ? [] : was.filter((type) => !admits(is, type));
  const gained = generated === undefined ? ['any'] : is.filter((type) => !admits(was, type));
  const change = `changed from ${show(frozen ?? 'any')} to ${show(generated ?? 'any')}`;
  if (lost.length > 0) report(true, `${change} (narrowed: no longer ${lost.join(', ')})`);
  else if (frozen === undefined) report(true, `${change} (narrowed)`);
  else report(side !== 'request', `${change} (widened: also ${gained.join(', ')})`);
}

export function compareEnums(frozen: unknown, generated: unknown, report: Report): void {
  if (!Array.isArray(frozen) || !Array.isArray(generated)) {
    report(generated !== undefined, generated === undefined ? `removed (widened), was ${show(frozen)}` : `added (narrowed): ${show(generated)}`);
    return;
  }
  const [was, is] = [frozen.map(show), generated.map(show)];
  const dropped = was.filter((value) => !is.includes(value));
  const added = is.filter((value) => !was.includes(value));
  if (dropped.length > 0) report(true, `shrunk: no longer ${dropped.join(', ')}`);
  if (added.length > 0) report(false, `grown: also ${added.join(', ')}`);
  if (dropped.length === 0 && added.length === 0) report(false, 'reordered');
}
