/** A Python program on mwclient: `Site`, `site.login`, `site.get` with a `continue` loop. PEP 8. */
import { docstring, quoted } from './literals';
import { SECRET_VARIABLES as S } from './model';
import { ANONYMOUS_TOKEN, type WriteShape } from './write';
import { PY_MERGE, pyChunkConstants, pyFetch, pyMainBody, pyParams, type ProgramShape } from './pythonParts';

/** mwclient's site address: host, the path before `api.php`, scheme. */
function siteOf(endpoint: string): { host: string; path: string; scheme: string } {
  const u = new URL(endpoint);
  return { host: u.host, path: u.pathname.replace(/api\.php$/, ''), scheme: u.protocol.replace(':', '') };
}

export function mwclient(shape: ProgramShape): string {
  const site = siteOf(shape.endpoint);
  const connect = shape.signedIn
    ? `def connect():
    """The wiki, signed in with an OAuth token, else a bot password."""
    token = os.environ.get('${S.token}')
    headers = {'Authorization': 'Bearer ' + token} if token else None
    site = mwclient.Site(HOST, path=PATH, scheme=SCHEME,
                         clients_useragent=USER_AGENT, custom_headers=headers)
    if not token:
        site.login(os.environ['${S.user}'], os.environ['${S.password}'])
    return site
`
    : `def connect():
    """The wiki."""
    return mwclient.Site(HOST, path=PATH, scheme=SCHEME,
                         clients_useragent=USER_AGENT)
`;
  // mwclient raises APIError for an error answer: no check of its own.
  return `${docstring(shape.summary)}
import json
${shape.signedIn ? 'import os\n' : ''}
import mwclient

HOST = ${quoted(site.host)}
PATH = ${quoted(site.path)}
SCHEME = ${quoted(site.scheme)}
# Say who you are: https://meta.wikimedia.org/wiki/User-Agent_policy
USER_AGENT = ${quoted(shape.userAgent(''))}
ACTION = ${quoted(shape.params.find(([k]) => k === 'action')?.[1] ?? 'query')}
${pyParams(shape, ['action'])}
${pyChunkConstants(shape)}${shape.merges ? `\n${PY_MERGE}` : ''}

${connect}

${shape.write ? mwclientWrite(shape.write) : pyFetch(shape, 'site', 'site.get(ACTION, **params)', '')}

def main():
    site = connect()
${shape.write ? '    data = save(site)\n    print(json.dumps(data, indent=2, ensure_ascii=False))' : pyMainBody(shape, 'site')}


if __name__ == '__main__':
    main()
`;
}

/** fetch_token() and save(): the token asserted and never the anonymous one, then one POST. */
function mwclientWrite(w: WriteShape): string {
  return `def fetch_token(site):
    """This account's ${w.tokentype} token (never the anonymous one)."""
    data = site.get('query', meta='tokens', type=${quoted(w.tokentype)},
                    **{'assert': ${quoted(w.assert)}})
    token = data['query']['tokens'][${quoted(`${w.tokentype}token`)}]
    if token == '+\\\\':
        raise SystemExit(${quoted(ANONYMOUS_TOKEN)})
    return token


def save(site):
    """POSTs the parameters with the token; the wiki's answer."""
    try:
        data = site.post(ACTION, token=fetch_token(site), **PARAMS)
    except mwclient.errors.APIError as e:
        raise SystemExit('The wiki refused: ' + e.info)
    # A debug wiki's debuginfo echoes the POST, token included: not printed.
    data.pop('debuginfo', None)
    return data
`;
}
