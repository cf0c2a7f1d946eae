import t from 'tap';
import { SETTING_NAMES, SETTINGS } from '../../../src/adapters/config/setting-schema.js';
import { readSettings } from '../../../src/adapters/config/settings.js';
import { DEFAULT_WEB_OPTIONS } from '../../../src/adapters/http/web-options.js';
import { SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { Version } from '../../../src/domain/versioning/version.js';

const SUPPORTED = SUPPORTED_VERSIONS.map((version) => Version.parse(version));

t.test('every default is a value its setting takes', async (t) => {
  for (const name of SETTING_NAMES) {
    const setting = SETTINGS[name];
    if ('default' in setting) t.not(setting.kind.parse(setting.default, SUPPORTED), undefined, `${name}=${setting.default}`);
  }
});

t.test("the web settings' defaults are the HTTP adapter's own", async (t) => {
  t.same(readSettings({}, SUPPORTED).web, DEFAULT_WEB_OPTIONS);
});
