/**
 * How the web suite (in the web worker extension host: no file system, no environment) reaches the
 * runner: `wikiq-web-test.json` in the workspace names the bridge (an HTTP server on 127.0.0.1 run
 * by ./runWeb) and the test wiki. The bridge turns the suite's requests into the file protocol of
 * ../sync.ts, so the runner's page requests (screenshots, prompt answers) serve both suites.
 *
 *   POST /log     { line }              a report line, printed by the runner
 *   POST /page    PageRequest minus id  → PageAck, once the runner answered it
 *   POST /result  SuiteResult           written as result.json, as the Node suite does
 */
export const WEB_TEST_CONFIG = 'wikiq-web-test.json';

export interface WebTestConfig {
  /** `http://127.0.0.1:<port>` of the bridge. */
  bridge: string;
  /** api.php of the test wiki (test/wiki/harness). */
  endpoint: string;
  /** A title on the test wiki (test/wiki/seed `pageTitle`): the content test types its start and expects it suggested. */
  title: string;
  /** The page `Redirect 0` leads to (test/wiki/seed `pageTitle(0)`): the quick fix of that redirect writes it. */
  redirectTarget: string;
  /** Mocha's grep (WIKIQ_EDITOR_GREP), if any. */
  grep?: string;
}
