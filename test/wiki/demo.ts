/**
 * `npm run demo-wiki`: a seeded MediaWiki left running for trying the examples, until Ctrl-C.
 * Port: WIKIQ_DEMO_PORT, else 8080 (what examples/*.wikiq name) when free, else any free port.
 * `debuginfo` (~100 KB in every answer) is off unless `--debuginfo` is given
 * (`npm run demo-wiki -- --debuginfo`), e.g. to see the results view's Debug tab.
 * Started by scripts/demo-wiki.mjs; its "running at" line says the API answers.
 */
import { SEED, portIsFree, startWiki } from './harness';

async function main(): Promise<void> {
  const fromEnv = process.env.WIKIQ_DEMO_PORT;
  const wanted = fromEnv ? Number(fromEnv) : 8080;
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > 65535) throw new Error(`WIKIQ_DEMO_PORT must be a port number (1-65535), not '${fromEnv}'`);
  const free = await portIsFree(wanted);
  if (!free && fromEnv) throw new Error(`port ${wanted} (WIKIQ_DEMO_PORT) is in use`);
  console.log('Starting the demo wiki (the first run seeds it once: under half a minute)…');
  const debuginfo = process.argv.includes('--debuginfo');
  const wiki = await startWiki({ port: free ? wanted : undefined, log: (m) => console.log(m), keepAlive: true, debuginfo });
  let stopping = false;
  void wiki.ended.then((said) => {
    if (stopping) return;
    console.error(`demo-wiki: the wiki server ended by itself${said ? `: ${said}` : ''}`);
    process.exit(1);
  });
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${why}: stopping the demo wiki…`);
    await wiki.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('Ctrl-C'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));

  console.log(`\nDemo wiki (MediaWiki, seeded) running at ${wiki.endpoint}`);
  console.log(`It holds ${SEED.files} files uploaded by ${SEED.users.join(', ')}, ${SEED.mainNamespacePages} pages in ${SEED.categories.length} categories, and log entries of the types ${SEED.logTypes.join(', ')}.`);
  if (wiki.port === 8080) {
    console.log('The files in examples/ already point at it (@endpoint = http://127.0.0.1:8080/api.php): open one and run a request.');
  } else {
    if (!fromEnv) console.log('Port 8080 was taken, so it runs on another port.');
    console.log(`To use it with the examples, set in each file:  @endpoint = ${wiki.endpoint}`);
    console.log(`or from the command line:  node dist/cli.js run examples/files.wikiq --endpoint ${wiki.endpoint}`);
  }
  console.log(debuginfo ? 'Answers include debuginfo (--debuginfo).' : 'Answers include no debuginfo (start with --debuginfo for it: npm run demo-wiki -- --debuginfo).');
  console.log(`Try it:  curl '${wiki.endpoint}?action=query&list=allimages&ailimit=5&format=json'`);
  console.log(`Accounts: ${[SEED.admin, ...SEED.accounts].join(', ')} (password ${SEED.password}). Files and database: ${wiki.dir}`);
  console.log('Press Ctrl-C to stop it (the wiki and its directory are removed).');
}

main().catch((e) => {
  console.error(`demo-wiki: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
