/** The PHP side of a running test wiki: the php -S router and the process supervisor around it. */

/**
 * php -S router: logs every request (one JSON line, before MediaWiki handles it) and serves uploaded
 * files from the wiki's own directory; everything else goes to MediaWiki as usual.
 */
export const ROUTER = `<?php
$dir = getenv('WIKIQ_WIKI_DIR');
$entry = ['m' => $_SERVER['REQUEST_METHOD'], 'u' => $_SERVER['REQUEST_URI']];
if ($_SERVER['REQUEST_METHOD'] === 'POST' && $_POST) $entry['b'] = http_build_query($_POST);
file_put_contents($dir . '/requests.log', json_encode($entry, JSON_UNESCAPED_SLASHES) . "\\n", FILE_APPEND | LOCK_EX);
$uri = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (strpos($uri, '/images/') === 0) {
  $file = realpath($dir . '/images/' . rawurldecode(substr($uri, 8)));
  if ($file !== false && strpos($file, realpath($dir . '/images') . '/') === 0 && is_file($file)) {
    header('Content-Type: ' . (mime_content_type($file) ?: 'application/octet-stream'));
    header('Content-Length: ' . filesize($file));
    readfile($file);
    return true;
  }
  http_response_code(404);
  echo 'Not found';
  return true;
}
return false;
`;

/**
 * Runs php -S in its own process group, with a watchdog: the harness holds the shell's stdin open,
 * and when the harness's process ends in any way (even SIGKILL) stdin reaches EOF, the whole group
 * (php, its workers) is killed and the wiki's directory removed. When php ends by itself (port
 * taken) the group ends too. stop() kills the group (the shell included) and cleans up itself.
 */
export const SUPERVISOR = `
( php -S "127.0.0.1:$WIKIQ_PORT" "$WIKIQ_WIKI_DIR/router.php"; kill -TERM 0 ) </dev/null &
cat >/dev/null
trap '' TERM
kill -TERM 0
wait
case "$WIKIQ_WIKI_DIR" in */wikiq-wiki-*) rm -rf "$WIKIQ_WIKI_DIR" ;; esac
`;

