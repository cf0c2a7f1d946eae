import t from 'tap';
import { REMOVAL_READINGS, type RemovalReading } from '../../../src/domain/versioning/removal-reading.js';
import type { ViewSetWindows } from '../../../src/domain/versioning/view-set-windows.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';
import { bundleOf } from '../../fixtures/bundle-of.js';

const VERSIONS = ['1.0.0', '2.0.0', '3.0.0', '4.0.0', '5.0.0'];

function availableAt(viewSet: ViewSetWindows, action: string, removedIn: RemovalReading = 'inclusive'): string[] {
  const model = VersionModel.build(bundleOf({ versions: VERSIONS, viewSets: [viewSet] }), undefined, { removedIn });
  return model.versions
    .filter((version) => model.isAvailable(viewSet.name, action, version))
    .map(String)
    .reverse();
}

t.test('R1: introduced in V is hidden below V, available from V on', async (t) => {
  t.same(availableAt({ name: 'A', actions: { list: { introducedIn: '3.0.0' } } }, 'list'), ['3.0.0', '4.0.0', '5.0.0']);
  t.same(availableAt({ name: 'A', introducedIn: '3.0.0', actions: { list: {} } }, 'list'), ['3.0.0', '4.0.0', '5.0.0'], 'at the endpoint');
});

t.test('R2 inclusive: removed in V is available up to and including V', async (t) => {
  t.same(availableAt({ name: 'A', actions: { list: { removedIn: '3.0.0' } } }, 'list'), ['1.0.0', '2.0.0', '3.0.0']);
  t.same(availableAt({ name: 'A', removedIn: '3.0.0', actions: { list: {} } }, 'list'), ['1.0.0', '2.0.0', '3.0.0'], 'at the endpoint');
});

t.test('R2 exclusive (djangorestframework-versioning): removed in V is hidden at V already', async (t) => {
  t.same(availableAt({ name: 'A', actions: { list: { removedIn: '3.0.0' } } }, 'list', 'exclusive'), ['1.0.0', '2.0.0']);
  t.same(availableAt({ name: 'A', actions: { list: { introducedIn: '2.0.0', removedIn: '3.0.0' } } }, 'list', 'exclusive'), ['2.0.0']);
});

t.test('R3: an action inside an endpoint gets the later start and the earlier end', async (t) => {
  const cases: [ViewSetWindows, string[], string][] = [
    [
      { name: 'A', introducedIn: '1.0.0', removedIn: '5.0.0', actions: { x: { introducedIn: '3.0.0' } } },
      ['3.0.0', '4.0.0', '5.0.0'],
      'action start wins',
    ],
    [
      { name: 'A', introducedIn: '1.0.0', removedIn: '5.0.0', actions: { x: { removedIn: '4.0.0' } } },
      ['1.0.0', '2.0.0', '3.0.0', '4.0.0'],
      'action end wins',
    ],
    [
      { name: 'A', introducedIn: '2.0.0', removedIn: '3.0.0', actions: { x: { introducedIn: '1.0.0', removedIn: '5.0.0' } } },
      ['2.0.0', '3.0.0'],
      'endpoint wins both',
    ],
    [{ name: 'A', introducedIn: '2.0.0', actions: { x: { removedIn: '4.0.0' } } }, ['2.0.0', '3.0.0', '4.0.0'], 'one end each'],
    [{ name: 'A', actions: { x: {} } }, VERSIONS, 'no window: always'],
  ];
  for (const [viewSet, expected, label] of cases) t.same(availableAt(viewSet, 'x'), expected, label);
});

t.test('REMOVED_IN reads removedIn one of two ways', async (t) => {
  t.same(REMOVAL_READINGS, ['inclusive', 'exclusive']);
});
