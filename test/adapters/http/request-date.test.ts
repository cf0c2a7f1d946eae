import t from 'tap';
import { lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { startService } from '../../fixtures/service.js';
import { TestClock } from '../../fixtures/test-clock.js';

t.test("a request reads the service's date once, however many of its steps depend on the day", async (t) => {
  const clock = new TestClock('2026-11-22');
  const service = await startService(t, { CACHE_MAX_AGE: '3600' }, { model: lifecycleModel(), clock });
  const requests: [string, string][] = [
    ['/doggies/1/', '2.1.0'], // the version's standing, the dog's age, Cache-Control
    ['/doggies/?limit=2', '3.0.0'], // the same with a page
    ['/version/', '2.1.0'],
    ['/docs/', '3.0.0'], // the page's badges
  ];
  for (const [path, version] of requests) {
    const before = clock.reads;
    const response = await fetch(`${service.url}${path}`, { headers: { accept: `application/json; version=${version}` } });
    await response.arrayBuffer();
    t.equal(response.status, 200, path);
    t.equal(clock.reads - before, 1, `${path}: one read`);
  }
  const before = clock.reads;
  const options = await fetch(`${service.url}/doggies/`, { method: 'OPTIONS' });
  t.equal(options.status, 204);
  t.equal(clock.reads - before, 1, 'OPTIONS: one read');
});
