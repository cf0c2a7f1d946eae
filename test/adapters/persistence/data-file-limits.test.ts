import { truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { loadRecords, MAX_DATA_FILE_BYTES } from '../../../src/adapters/persistence/data-file.js';
import { SAMPLE_DATA } from '../../../src/domain/api-history/sample-data.js';
import { RECORD_COLLECTIONS } from '../../../src/domain/api-history/bundle.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
/** DATA_FILE read for the reference API, whose collections and sample are given as any API's are. */
const loadReference = (dataFile: string) => loadRecords(dataFile, today, RECORD_COLLECTIONS, SAMPLE_DATA);

t.test('a UTF-8 byte-order mark before the JSON is allowed (RFC 8259 8.1)', async (t) => {
  const path = join(t.testdir(), 'bom.json');
  await writeFile(path, '\uFEFF{"dogs":[{"id":1,"name":"Biko","birthday":"2014-05-06"}]}');
  t.equal((await loadReference(path)).dogs[0]?.name, 'Biko');
});

t.test('what is not a regular file, or is too large to hold, is refused before it is read', async (t) => {
  await t.rejects(loadReference('/dev/zero'), new StartupError('DATA_FILE "/dev/zero": is not a regular file'), 'a device that never ends');
  const path = join(t.testdir(), 'huge.json');
  await writeFile(path, '');
  await truncate(path, MAX_DATA_FILE_BYTES + 1);
  await t.rejects(loadReference(path), /is 268435457 bytes, more than the 268435456 a data file may have/, 'a sparse file one byte over');
});
