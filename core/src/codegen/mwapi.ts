/** A user script or gadget on the wiki itself: `new mw.Api().get(…)`, its `continue` followed. */
import { lineComment, quoted } from './literals';
import { JS_MERGE, indent, jsConstants, jsRun } from './jsParts';
import type { ProgramShape } from './shape';

export function mwapi(shape: ProgramShape): string {
  const origin = new URL(shape.endpoint).origin;
  const who = shape.write ? 'as the user signed in there (a write needs one)' : shape.signedIn ? 'as the user signed in there' : 'as whoever is signed in there, or anonymously';
  const run = shape.write
    ? `// postWithToken fetches this account's ${shape.write.tokentype} token (asserting it, as params do) and posts params with it.
try {
  const data = await api.postWithToken(${quoted(shape.write.tokentype)}, params);
  // A debug wiki's debuginfo echoes the POST, token included: not logged.
  delete data.debuginfo;
  console.log(data);
} catch (code) {
  console.error(\`The wiki refused: \${code}\`);
}
`
    : jsRun(shape, (p) => `api.get(${p})`, (p) => `let next = ${p};
while (next) {
  const data = await api.get(next);
  merge(result, data, state);
  next = data.continue && { ...next, ...data.continue };
}`, 'console.log(RESULT);');
  const body = `// Say who you are: https://meta.wikimedia.org/wiki/User-Agent_policy
const USER_AGENT = ${quoted(shape.userAgent('mw.Api'))};
const api = new mw.Api({ ajax: { headers: { 'Api-User-Agent': USER_AGENT } } });
${jsConstants(shape)}${shape.merges ? `\n${JS_MERGE}` : ''}
${run}`;
  return `${lineComment(shape.summary)}
${lineComment(`A user script or gadget (or the browser console) on ${origin}: it runs ${who}.`)}
mw.loader.using('mediawiki.api').then(async () => {
${indent(body, '  ')}});
`;
}
