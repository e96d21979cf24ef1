/** A Python program on `requests`: a session, a `continue` loop written out. PEP 8. */
import { docstring, quoted } from './literals';
import { SECRET_VARIABLES as S } from './model';
import { ANONYMOUS_TOKEN, type WriteShape } from './write';
import { PY_MERGE, pyChunkConstants, pyFetch, pyMainBody, pyParams, type ProgramShape } from './pythonParts';

export function python(shape: ProgramShape): string {
  const signIn = shape.signedIn
    ? `

def sign_in(session):
    """Signs in with an OAuth token, else a bot password."""
    token = os.environ.get('${S.token}')
    if token:
        session.headers['Authorization'] = 'Bearer ' + token
        return
    tokens = session.get(API_URL, params={
        'action': 'query', 'meta': 'tokens', 'type': 'login', 'format': 'json',
    }).json()
    login = session.post(API_URL, data={
        'action': 'login',
        'lgname': os.environ['${S.user}'],
        'lgpassword': os.environ['${S.password}'],
        'lgtoken': tokens['query']['tokens']['logintoken'],
        'format': 'json',
    }).json()['login']
    if login['result'] != 'Success':
        reason = login.get('reason', login['result'])
        raise RuntimeError('Sign-in failed: ' + reason)
`
    : '';
  const check = `    if 'error' in data:\n        raise RuntimeError(data['error']['info'])\n`;
  const w = shape.write;
  return `${docstring(shape.summary)}
import json
${shape.signedIn ? 'import os\n' : ''}
import requests

API_URL = ${quoted(shape.endpoint)}
# Say who you are: https://meta.wikimedia.org/wiki/User-Agent_policy
USER_AGENT = ${quoted(shape.userAgent('python-requests'))}
${pyParams(shape)}
${pyChunkConstants(shape)}${shape.merges ? `\n${PY_MERGE}` : ''}${signIn}

${w ? pyWrite(w) : pyFetch(shape, 'session', `session.get(API_URL, params={**params, 'format': 'json'}).json()`, check)}

def main():
    session = requests.Session()
    session.headers['User-Agent'] = USER_AGENT
${shape.signedIn ? '    sign_in(session)\n' : ''}${w ? PY_SAVE : pyMainBody(shape, 'session')}


if __name__ == '__main__':
    main()
`;
}

/** fetch_token(): this account's token of the module's type, asserted, never the anonymous one. */
function pyWrite(w: WriteShape): string {
  return `def fetch_token(session):
    """This account's ${w.tokentype} token (never the anonymous one)."""
    data = session.get(API_URL, params={
        'action': 'query', 'meta': 'tokens', 'type': ${quoted(w.tokentype)},
        'assert': ${quoted(w.assert)}, 'format': 'json',
    }).json()
    if 'error' in data:
        raise SystemExit('No token: ' + data['error']['info'])
    token = data['query']['tokens'][${quoted(`${w.tokentype}token`)}]
    if token == '+\\\\':
        raise SystemExit(${quoted(ANONYMOUS_TOKEN)})
    return token
`;
}

/** main()'s body for a write: POST the parameters with the token, print the answer, fail on an error. */
const PY_SAVE = `    data = session.post(API_URL, data={
        **PARAMS, 'token': fetch_token(session), 'format': 'json',
    }).json()
    # A debug wiki's debuginfo echoes the POST, token included: not printed.
    data.pop('debuginfo', None)
    print(json.dumps(data, indent=2, ensure_ascii=False))
    if 'error' in data:
        raise SystemExit('The wiki refused: ' + data['error']['info'])`;
