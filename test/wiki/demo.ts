/** `npm run demo-wiki`: a seeded MediaWiki left running for trying the examples. */
import * as net from 'node:net';
import { SEED, startWiki } from './harness';

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer().once('error', () => resolve(false)).listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function main(): Promise<void> {
  const wanted = Number(process.env.WIKIQ_DEMO_PORT ?? 8080);
  const port = (await portFree(wanted)) ? wanted : undefined;
  console.log('Preparing the demo wiki (the first time seeds it: about a quarter of a minute)…');
  const wiki = await startWiki({ port, log: (m) => console.log(m) });
  console.log(`\nDemo wiki running: ${wiki.endpoint}`);
  console.log(`It holds ${SEED.files} files, ${SEED.pages} pages in ${SEED.categories.length} categories, users ${SEED.users.join(', ')} and their log entries.`);
  if (wiki.port !== 8080) console.log(`Port 8080 was taken: change '@endpoint' in examples/*.wikiq to ${wiki.endpoint}`);
  else console.log('The files in examples/ target it already (@endpoint = http://127.0.0.1:8080/api.php).');
  console.log('Press Ctrl-C to stop it.');
  const stop = async () => {
    await wiki.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(`demo-wiki: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
