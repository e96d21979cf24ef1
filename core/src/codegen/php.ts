/** A PHP program with curl, as MediaWiki developers write a maintenance or tool script. */
import { lineComment, packed, phpQuoted } from './literals';
import { REPEATED_LISTS, SECRET_VARIABLES as S } from './model';
import { chunkComment, type ProgramShape } from './shape';
import { ANONYMOUS_TOKEN, type WriteShape } from './write';

const MERGE = `function merge(array &$result, array $data, array &$state): void
{
    foreach ($data as $member => $body) {
        if (in_array($member, ['batchcomplete', 'continue', 'warnings', 'limits'], true)) {
            continue;
        }
        if (!is_array($body)) {
            $result[$member] = $body;
            continue;
        }
        $result[$member] ??= [];
        foreach ($body as $name => $value) {
            if ($name === 'pages') {
                $result[$member]['pages'] ??= [];
                foreach ($value as $page) {
                    mergePage($result[$member]['pages'], $page, $state);
                }
            } elseif (is_array($value) && array_is_list($value)) {
                if (!in_array($name, REPEATED, true) || !isset($result[$member][$name])) {
                    $result[$member][$name] = array_merge($result[$member][$name] ?? [], $value);
                }
            } else {
                $result[$member][$name] ??= $value;
            }
        }
    }
    if (isset($data['batchcomplete'])) {
        $state['seen'] = [];
    }
}

/** Adds a page, or its lists to the page it continues. */
function mergePage(array &$pages, array $page, array &$state): void
{
    $key = isset($page['pageid']) ? '#' . $page['pageid'] : 't:' . $page['title'];
    $at = $state['pages'][$key] ?? null;
    if ($at === null) {
        $state['pages'][$key] = count($pages);
        $pages[] = $page;
    } elseif (!isset($state['seen'][$key])) {
        // Listed again by a later generator batch: its data is complete again.
        $pages[$at] = $page;
    } else {
        foreach ($page as $name => $value) {
            if (is_array($value) && array_is_list($value)) {
                $pages[$at][$name] = array_merge($pages[$at][$name] ?? [], $value);
            } else {
                $pages[$at][$name] ??= $value;
            }
        }
    }
    $state['seen'][$key] = true;
}
`;

const SIGN_IN = `/** Signs in with an OAuth token, else a bot password, from the environment. */
function signIn(CurlHandle $ch): void
{
    $token = getenv('${S.token}');
    if ($token) {
        curl_setopt($ch, CURLOPT_HTTPHEADER, ['Authorization: Bearer ' . $token]);
        return;
    }
    $tokens = api($ch, ['action' => 'query', 'meta' => 'tokens', 'type' => 'login']);
    $login = api($ch, [
        'action' => 'login',
        'lgname' => getenv('${S.user}'),
        'lgpassword' => getenv('${S.password}'),
        'lgtoken' => $tokens['query']['tokens']['logintoken'],
    ], true)['login'];
    if ($login['result'] !== 'Success') {
        throw new RuntimeException('Sign-in failed: ' . ($login['reason'] ?? $login['result']));
    }
}
`;

export function php(shape: ProgramShape): string {
  const c = shape.chunking;
  const params = shape.params.map(([k, v]) => `    ${phpQuoted(k)} => ${phpQuoted(v)},`).join('\n');
  const chunks = c ? `// ${chunkComment(c)}\nconst BATCH_SIZE = ${c.size};\nconst ${c.param.toUpperCase()} = [\n${packed(c.values.map(phpQuoted), '    ', 120)}\n];\n` : '';
  const fetch = shape.loop
    ? `/** Sends $params, then again with each continue, merging every answer. */
function fetch(CurlHandle $ch, array $params, array &$result, array &$state): void
{
    do {
        $data = api($ch, $params);
        merge($result, $data, $state);
        $params = array_merge($params, $data['continue'] ?? []);
    } while (isset($data['continue']));
}
`
    : shape.merges
      ? `/** Sends $params once and merges the answer. */
function fetch(CurlHandle $ch, array $params, array &$result, array &$state): void
{
    merge($result, api($ch, $params), $state);
}
`
      : '';
  const run = shape.write
    ? `try {\n    signIn($ch);\n    $result = api($ch, PARAMS + ['token' => fetchToken($ch)], true);\n} catch (RuntimeException $e) {\n    fwrite(STDERR, $e->getMessage() . "\\n");\n    exit(1);\n}\n// A debug wiki's debuginfo echoes the POST, token included: not printed.\nunset($result['debuginfo']);\n`
    : !shape.merges
    ? '$result = api($ch, PARAMS);\n'
    : c
      ? `$result = [];\n$state = ['pages' => [], 'seen' => []];\nforeach (array_chunk(${c.param.toUpperCase()}, BATCH_SIZE) as $chunk) {\n    fetch($ch, array_merge(PARAMS, [${phpQuoted(c.param)} => implode('|', $chunk)]), $result, $state);\n}\n`
      : `$result = [];\n$state = ['pages' => [], 'seen' => []];\nfetch($ch, PARAMS, $result, $state);\n`;
  return `<?php
${lineComment(shape.summary)}
// PHP 8.1 or later, with the curl extension (php-curl).

const API_URL = ${phpQuoted(shape.endpoint)};
// Say who you are: https://meta.wikimedia.org/wiki/User-Agent_policy
const USER_AGENT = ${phpQuoted(shape.userAgent('php-curl'))};
const PARAMS = [
${params}
];
${chunks}${shape.merges ? `const REPEATED = [${REPEATED_LISTS.map(phpQuoted).join(', ')}];\n` : ''}
/** Sends one request (GET, or POST when $post) and returns its answer. */
function api(CurlHandle $ch, array $params, bool $post = false): array
{
    $query = http_build_query($params + ['format' => 'json']);
    curl_setopt_array($ch, $post
        ? [CURLOPT_URL => API_URL, CURLOPT_POST => true, CURLOPT_POSTFIELDS => $query]
        : [CURLOPT_URL => API_URL . '?' . $query, CURLOPT_HTTPGET => true]);
    $body = curl_exec($ch);
    if ($body === false) {
        throw new RuntimeException(curl_error($ch));
    }
    $data = json_decode($body, true, 512, JSON_THROW_ON_ERROR);
    if (isset($data['error'])) {
        throw new RuntimeException($data['error']['info']);
    }
    return $data;
}
${shape.signedIn ? `\n${SIGN_IN}` : ''}${shape.merges ? `\n/** Merges one answer into $result: each page once, lists appended. */\n${MERGE}` : ''}${fetch ? `\n${fetch}` : ''}${shape.write ? `\n${phpFetchToken(shape.write)}` : ''}
$ch = curl_init();
curl_setopt_array($ch, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_USERAGENT => USER_AGENT,
    CURLOPT_ENCODING => '',
    CURLOPT_COOKIEFILE => '',
]);
${shape.signedIn && !shape.write ? 'signIn($ch);\n' : ''}${run}echo json_encode($result, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\\n";
`;
}

/** fetchToken(): this account's token of the module's type, asserted, never the anonymous one. */
function phpFetchToken(w: WriteShape): string {
  return `/** This account's ${w.tokentype} token (never the anonymous one). */
function fetchToken(CurlHandle $ch): string
{
    $tokens = api($ch, ['action' => 'query', 'meta' => 'tokens', 'type' => ${phpQuoted(w.tokentype)}, 'assert' => ${phpQuoted(w.assert)}]);
    $token = $tokens['query']['tokens'][${phpQuoted(`${w.tokentype}token`)}];
    if ($token === '+\\\\') {
        throw new RuntimeException(${phpQuoted(ANONYMOUS_TOKEN)});
    }
    return $token;
}
`;
}
