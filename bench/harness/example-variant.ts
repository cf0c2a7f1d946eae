import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFERENCE_SIZE, type ScenarioGroup } from './scenarios.js';

/** The second API, examples/orders (`npm run example`), served as the bench serves the reference: from the repository, its exports in dist/. */
export const EXAMPLE_MAIN = fileURLToPath(new URL('../../../../examples/orders/server.mjs', import.meta.url));

const accept = (version: string): string => `application/json; version=${version}`;

/**
 * The example's detail and list beside the dogs', held to the same targets: an order at 4.0.0 (no change) and at
 * 1.0.0 (three: the amount's shape, the rename, and nothing of 2.0.0's for orders), the list of 100 at 1.0.0.
 */
export function exampleGroup(): ScenarioGroup {
  return {
    size: REFERENCE_SIZE,
    scenarios: [
      { name: 'example: order detail 4.0.0 (no change)', path: '/orders/1/', accept: accept('4.0.0'), status: 200, target: 'detail' },
      { name: 'example: order detail 1.0.0 (2 changes)', path: '/orders/1/', accept: accept('1.0.0'), status: 200, target: 'detail' },
      { name: 'example: order list, page of 100 at 1.0.0', path: '/orders/', accept: accept('1.0.0'), status: 200, target: 'list' },
    ],
  };
}

/** A data file of the example holding `size` orders (and a customer and a coupon); its path. */
export async function writeExampleDataFile(directory: string, size: number): Promise<string> {
  const orders = Array.from(
    { length: size },
    (_, index) =>
      `{"id":${index + 1},"customer_id":1,"amount":{"value":${100 + index},"currency":"${index % 2 === 0 ? 'EUR' : 'USD'}"},"state":"paid"}`,
  );
  const path = join(directory, `orders-${size}.json`);
  await writeFile(
    path,
    `{"customers":[{"id":1,"name":"Ada","email":"ada@example.com"}],"orders":[\n${orders.join(',\n')}\n],"coupons":[{"id":1,"code":"WELCOME"}]}\n`,
  );
  return path;
}
