/** A Node program on mwn (the library's README style): `Mwn.init`, `continuedQueryGen`. */
import { lineComment, quoted } from './literals';
import { SECRET_VARIABLES as S } from './model';
import { JS_MERGE, indent, jsConstants, jsRun } from './jsParts';
import type { ProgramShape } from './shape';
import { ANONYMOUS_TOKEN, type WriteShape } from './write';

export function mwn(shape: ProgramShape): string {
  const bot = shape.signedIn
    ? `// Signs in with an OAuth 2 token, else a bot password, from the environment.
const bot = await Mwn.init({
  apiUrl: API_URL,
  userAgent: USER_AGENT,
  silent: true, // stdout is for the result
  ...(process.env.${S.token}
    ? { OAuth2AccessToken: process.env.${S.token} }
    : { username: process.env.${S.user}, password: process.env.${S.password} }),
});
`
    : 'const bot = new Mwn({ apiUrl: API_URL, userAgent: USER_AGENT });\n';
  const run = shape.write ? mwnSave(shape.write) : jsRun(shape, (p) => `bot.request(${p})`, (p) => `for await (const data of bot.continuedQueryGen(${p})) merge(result, data, state);`, 'console.log(JSON.stringify(RESULT, null, 2));');
  return `${lineComment(shape.summary)}
const { Mwn } = require(${quoted('mwn')});

const API_URL = ${quoted(shape.endpoint)};
// Say who you are: https://meta.wikimedia.org/wiki/User-Agent_policy
const USER_AGENT = ${quoted(shape.userAgent('mwn'))};
${jsConstants(shape)}${shape.merges ? `\n${JS_MERGE}` : ''}
async function main() {
${indent(bot + run, '  ')}}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
`;
}

/** The token, asserted and never the anonymous one, then one POST with it (mwn posts a write). */
function mwnSave(w: WriteShape): string {
  return `// This account's ${w.tokentype} token, fetched here (never the anonymous one).
const tokens = await bot.request({ action: 'query', meta: 'tokens', type: ${quoted(w.tokentype)}, assert: ${quoted(w.assert)} });
const token = tokens.query.tokens.${w.tokentype}token;
if (token === '+\\\\') throw new Error(${quoted(ANONYMOUS_TOKEN)});
const data = await bot.request({ ...params, token });
// A debug wiki's debuginfo echoes the POST, token included: not printed.
delete data.debuginfo;
console.log(JSON.stringify(data, null, 2));
`;
}
