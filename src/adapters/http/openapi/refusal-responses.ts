import type { RouteContract } from '../routing/route-contract.js';
import { errorResponse, text, type Json } from './response-objects.js';
import { answerTo } from '../request/refusals.js';
import { named, statusName } from './component-names.js';

/** A refusal an operation may answer: its error code, and when, as a sentence without its full stop. */
export interface DocumentedRefusal {
  readonly code: string;
  readonly when: string;
}

/** The refusals a route's contract declares for its handler. */
export function contractRefusals({ refusals = {} }: RouteContract): DocumentedRefusal[] {
  return Object.entries(refusals).map(([code, when]) => ({ code, when }));
}

/**
 * `responses` with every refusal at the status the code table answers it with. A status not there yet gets an error
 * response saying when each of its refusals comes, with the headers the table sends with them (`required` when
 * every refusal at that status sends it); a status already there gets the cases added to its description, and the
 * headers, optional (its other causes do not send them). A code the table does not hold is a fault of the contract.
 */
export function withRefusals(responses: Json, refusals: readonly DocumentedRefusal[]): Json {
  const byStatus = new Map<number, { refusal: DocumentedRefusal; headers: Readonly<Record<string, string>> }[]>();
  for (const refusal of refusals) {
    const answer = answerTo(refusal.code);
    if (answer === undefined) throw new Error(`the refusal ${JSON.stringify(refusal.code)} of a contract has no status in the error table`);
    byStatus.set(answer.status, [...(byStatus.get(answer.status) ?? []), { refusal, headers: answer.headers ?? {} }]);
  }
  const merged: Json = { ...responses };
  for (const [status, answers] of byStatus) {
    const cases = answers.map(({ refusal }) => `${refusal.when}.`).join(' ');
    const names = [...new Set(answers.flatMap(({ headers }) => Object.keys(headers)))];
    const existing = merged[status] as { description: string; headers: Json } | undefined;
    const headers: Json = {};
    for (const name of names) {
      const sent = answers.flatMap(({ refusal, headers: sentHeaders }) =>
        sentHeaders[name] === undefined ? [] : [{ refusal, value: sentHeaders[name] }],
      );
      const everyCase = existing === undefined && sent.length === answers.length;
      const values = [...new Set(sent.map(({ value }) => value))];
      const description =
        everyCase && values.length === 1
          ? `Always \`${values[0] as string}\`.`
          : sent.map(({ refusal, value }) => `\`${value}\` (${lowerFirst(refusal.when)})`).join('; or ') + '.';
      // Named by the refusals that send it, which its description tells apart.
      headers[name] = named(`${name}.${codesOf(sent)}`, everyCase ? { ...text(description), required: true } : text(description));
    }
    merged[status] =
      existing === undefined
        ? named(`${statusName(status)}.${codesOf(answers)}`, errorResponse(cases, headers))
        : { ...existing, description: `${existing.description} ${cases}`, headers: { ...existing.headers, ...headers } };
  }
  return merged;
}

const codesOf = (answers: readonly { readonly refusal: DocumentedRefusal }[]): string => answers.map(({ refusal }) => refusal.code).join('.');

const lowerFirst = (sentence: string): string => sentence.charAt(0).toLowerCase() + sentence.slice(1);
