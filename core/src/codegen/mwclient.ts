/** A Python program on mwclient: `Site`, `site.login`, `site.get` with a `continue` loop. PEP 8. */
import { docstring, quoted } from './literals';
import { SECRET_VARIABLES as S } from './model';
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

${pyFetch(shape, 'site', 'site.get(ACTION, **params)', '')}

def main():
    site = connect()
${pyMainBody(shape, 'site')}


if __name__ == '__main__':
    main()
`;
}
