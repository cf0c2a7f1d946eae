import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes a DATA_FILE with `size` dogs (ids 1..size, birthdays spread over 20 years) and ten cats; returns its path. */
export async function writeDataFile(directory: string, size: number): Promise<string> {
  const dogs: string[] = new Array<string>(size);
  for (let id = 1; id <= size; id += 1) {
    const year = 2005 + (id % 20);
    const month = String(1 + (id % 12)).padStart(2, '0');
    const day = String(1 + (id % 28)).padStart(2, '0');
    dogs[id - 1] = `{"id":${id},"name":"Dog ${id}","birthday":"${year}-${month}-${day}"}`;
  }
  const cats = Array.from({ length: 10 }, (_, index) => `{"id":${index + 1},"name":"Cat ${index + 1}"}`);
  const path = join(directory, `dogs-${size}.json`);
  await writeFile(path, `{"dogs":[\n${dogs.join(',\n')}\n],"cats":[${cats.join(',')}]}\n`);
  return path;
}
