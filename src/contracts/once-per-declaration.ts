import type { ContractDifference } from './contract-diff.js';

/**
 * The differences in their order, those alike of one declaration (the same change of a shared header, seen at each of
 * its uses) as the first of them, with how many uses differ so.
 */
export function oncePerDeclaration(differences: readonly ContractDifference[]): ContractDifference[] {
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
