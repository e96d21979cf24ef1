/**
 * The language server's Node entry (`dist/server.js`): `node dist/server.js --stdio` for any LSP
 * editor, IPC under VS Code's client. The command line is read by `args.ts`; the server itself is
 * `server.ts`, which `browserServer.ts` starts in a web worker for the browser. The bundled catalogue
 * is read here (dist/bundled-paraminfo.json beside the bundle).
 */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { bundledCatalogue } from '../../core/src/bundled';
import { commandLine } from './args';
import { startServer } from './server';

process.on('uncaughtException', (e) => {
  process.stderr.write(`wikiq server: uncaught error: ${e instanceof Error ? e.stack : String(e)}\n`);
});
const options = commandLine(process.argv.slice(2), { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) });
if (typeof options === 'number') process.exitCode = options;
else startServer(createConnection(ProposedFeatures.all), { ...options, bundled: bundledCatalogue });
