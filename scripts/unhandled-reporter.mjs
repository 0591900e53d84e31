// A vitest reporter: writes the run's unhandled errors (type, message, the test file that was running, the first
// lines of the stack) to test-results/unhandled.json. scripts/test.mjs repeats them just above its final count line,
// so a CI log read from its end still says what the error was, not only that there was one.
import fs from 'node:fs';
import path from 'node:path';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, errors) {
    const out = (errors ?? []).map((e) => ({
      name: e.name ?? 'Error',
      message: String(e.message ?? e),
      file: e.VITEST_TEST_PATH ? path.relative(process.cwd(), e.VITEST_TEST_PATH) : undefined,
      test: e.VITEST_TEST_NAME,
      stack: String(e.stack ?? '')
        .split('\n')
        .slice(0, 8)
        .join('\n'),
    }));
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync(path.join('test-results', 'unhandled.json'), JSON.stringify(out, null, 2));
  }
}
