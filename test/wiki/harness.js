"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SEED = exports.INSTALL_COMMAND = exports.PACKAGES = exports.MW_DIR = void 0;
exports.ensureMediaWikiInstalled = ensureMediaWikiInstalled;
exports.mediaWikiVersion = mediaWikiVersion;
exports.freePort = freePort;
exports.portIsFree = portIsFree;
exports.png = png;
exports.fileName = fileName;
exports.pageTitle = pageTitle;
exports.pageCategories = pageCategories;
exports.pageFiles = pageFiles;
exports.cacheRoot = cacheRoot;
exports.ensureTemplate = ensureTemplate;
exports.startWiki = startWiki;
/**
 * A real MediaWiki for the tests, on 127.0.0.1: Debian's `mediawiki` package (1.39), a fresh SQLite
 * wiki per `startWiki()` in a temp directory, served by `php -S`.
 *
 * Seeding (files, users, pages with categories, images and links, redirects, log entries of several
 * types) is done once into a template directory in the user's cache, keyed by a hash of the seeding
 * code and constants and of the MediaWiki version, built in a temp directory and renamed into place
 * (a lock file lets parallel test processes wait for one build). Each start copies the template
 * (every path in its LocalSettings.php is relative to `__DIR__`, so the copy is self-contained),
 * writes `$wgServer` for its port and starts `php -S` with a router that logs every request before
 * MediaWiki answers it and serves uploaded files from the copy.
 *
 * Missing Debian packages are installed (as root) or reported with the command that would install them.
 * No vscode imports: used by the node:test suites, the benchmarks, the editor tests and `npm run demo-wiki`.
 */
var node_child_process_1 = require("node:child_process");
var node_crypto_1 = require("node:crypto");
var fs = require("node:fs");
var net = require("node:net");
var os = require("node:os");
var path = require("node:path");
var zlib = require("node:zlib");
var apt_1 = require("../apt");
exports.MW_DIR = '/usr/share/mediawiki';
exports.PACKAGES = ['mediawiki', 'php-cli', 'php-sqlite3', 'php-intl', 'php-mbstring', 'php-xml'];
exports.INSTALL_COMMAND = "apt-get update && apt-get install -y --no-install-recommends ".concat(exports.PACKAGES.join(' '));
var CATEGORIES = ['Fruit', 'Vegetables', 'Colours', 'Places', 'Animals'];
var CONTENT_PAGES = 36;
var REDIRECTS = 3;
/** What the seeded wiki holds. Tests rely on these numbers; `harness.test.ts` checks each against the wiki. */
exports.SEED = {
    /** Files (tiny PNGs), uploaded in turn by `users`: `list=allimages&ailimit=1` takes 140 batches. */
    files: 140,
    /** The uploaders, in turn (file i by users[i % 3]). */
    users: ['Alice', 'Bob', 'Carol'],
    /** Every account made by createAndPromote (plus `admin` from the installer). */
    accounts: ['Alice', 'Bob', 'Carol', 'Dave', 'Mallory'],
    admin: 'Admin',
    /** Sysop and bureaucrat; performs the deletion, protection, move and block. */
    sysop: 'Alice',
    /** Blocked (indefinitely) by `sysop`. */
    blocked: 'Mallory',
    /** Password of every account, `admin` included. */
    password: 'wikiq-test-password-1234',
    /** Content pages created in the main namespace, by Bob (`pageTitle(0..35)`); the last one is then deleted. */
    pages: CONTENT_PAGES,
    /** Redirects created (`Redirect 0..2` → pages 0..2); the move adds one more. */
    redirects: REDIRECTS,
    /** Pages in the main namespace at the end: content pages − 1 deleted + Main Page + redirects + 1 left by the move. */
    mainNamespacePages: CONTENT_PAGES - 1 + 1 + REDIRECTS + 1,
    /** Every content page is in two or three of these (their category pages exist too). */
    categories: CATEGORIES,
    /** Every content page embeds this many files and links to the next two pages. */
    filesPerPage: 2,
    /** Pages 0..11 got a second revision, by Carol. */
    revisedPages: 12,
    /** `pageTitle(SEED.deletedPage)` was deleted, `pageTitle(0)` protected, `pageTitle(1)` moved to `movedTo`. */
    deletedPage: CONTENT_PAGES - 1,
    protectedPage: 0,
    movedPage: 1,
    movedTo: 'Banana page 1 (moved)',
    /** Log types present in `list=logevents`. */
    logTypes: ['newusers', 'upload', 'create', 'delete', 'protect', 'move', 'block', 'managetags'],
    /** At least this many log entries (291 on MediaWiki 1.39): `lelimit=5` takes 50+ batches. */
    minLogEntries: 250,
    /** The change tag created (log type managetags). */
    tag: 'wikiq-seed',
};
// ---- packages ---------------------------------------------------------------------------------
function missingPackages(packages) {
    var _a;
    var r = (0, node_child_process_1.spawnSync)('dpkg-query', __spreadArray(['-W', '-f=${Package} ${db:Status-Status}\n'], packages, true), { encoding: 'utf8' });
    if (r.error)
        return __spreadArray([], packages, true); // no dpkg at all
    var installed = new Set(((_a = r.stdout) !== null && _a !== void 0 ? _a : '').split('\n').filter(function (l) { return l.endsWith(' installed'); }).map(function (l) { return l.split(' ')[0]; }));
    return packages.filter(function (p) { return !installed.has(p); });
}
function phpWorks() {
    var r = (0, node_child_process_1.spawnSync)('php', ['-r', 'echo class_exists("PDO") && in_array("sqlite", PDO::getAvailableDrivers()) && extension_loaded("intl") && extension_loaded("mbstring") && extension_loaded("xml") ? "ok" : "no";'], { encoding: 'utf8' });
    return r.stdout === 'ok';
}
/** What is missing for a test wiki, in words; empty when nothing is. */
function missingWhat(packages) {
    var missing = missingPackages(packages);
    if (missing.length)
        return "the Debian packages ".concat(missing.join(', '));
    if (!fs.existsSync(path.join(exports.MW_DIR, 'maintenance/install.php')))
        return "MediaWiki in ".concat(exports.MW_DIR);
    if (!phpWorks())
        return 'PHP with the sqlite3, intl, mbstring and xml extensions';
    return '';
}
var installedChecked = false;
/**
 * Makes sure the Debian packages a test wiki needs are there: installs them when missing (as root,
 * with apt-get), else throws an Error naming what is missing and the command that installs it.
 * (`packages` is for the harness's own test of that message.)
 */
function ensureMediaWikiInstalled(packages) {
    if (packages === void 0) { packages = exports.PACKAGES; }
    if (packages === exports.PACKAGES && installedChecked)
        return;
    var what = missingWhat(packages);
    if (what)
        (0, apt_1.aptInstall)(packages, what, 'the real-wiki tests', function () { return missingWhat(packages); });
    if (packages === exports.PACKAGES)
        installedChecked = true;
}
var versionMemo;
/** MediaWiki's version (from includes/Defines.php), with the Debian package's and PHP's. */
function mediaWikiVersion() {
    return (versionMemo !== null && versionMemo !== void 0 ? versionMemo : (versionMemo = readVersion()));
}
function readVersion() {
    var _a, _b, _c, _d;
    var mw = 'unknown';
    try {
        mw = (_b = (_a = /MW_VERSION',\s*'([^']+)'/.exec(fs.readFileSync(path.join(exports.MW_DIR, 'includes/Defines.php'), 'utf8'))) === null || _a === void 0 ? void 0 : _a[1]) !== null && _b !== void 0 ? _b : mw;
    }
    catch (_e) {
        // reported as unknown
    }
    var deb = (_c = (0, node_child_process_1.spawnSync)('dpkg-query', ['-W', '-f=${Version}', 'mediawiki'], { encoding: 'utf8' }).stdout) !== null && _c !== void 0 ? _c : '';
    var php = (_d = (0, node_child_process_1.spawnSync)('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' }).stdout) !== null && _d !== void 0 ? _d : '';
    return "".concat(mw, " (deb ").concat(deb || '?', ", php ").concat(php || '?', ")");
}
/** A port nobody listens on at the moment (the kernel's pick for port 0). */
function freePort() {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            return [2 /*return*/, new Promise(function (resolve, reject) {
                    var s = net.createServer();
                    s.once('error', reject);
                    s.listen(0, '127.0.0.1', function () {
                        var port = s.address().port;
                        s.close(function () { return resolve(port); });
                    });
                })];
        });
    });
}
function portIsFree(port) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            return [2 /*return*/, new Promise(function (resolve) {
                    var s = net.createServer();
                    s.once('error', function () { return resolve(false); });
                    s.listen(port, '127.0.0.1', function () { return s.close(function () { return resolve(true); }); });
                })];
        });
    });
}
// ---- seed content -----------------------------------------------------------------------------
var CRC_TABLE = (function () {
    var t = new Int32Array(256);
    for (var n = 0; n < 256; n++) {
        var c = n;
        for (var k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        t[n] = c;
    }
    return t;
})();
function crc32(buf) {
    var c = -1;
    for (var _i = 0, buf_1 = buf; _i < buf_1.length; _i++) {
        var b = buf_1[_i];
        c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
    }
    return (c ^ -1) >>> 0;
}
function pngChunk(type, data) {
    var len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    var td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    var crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
}
/** A tiny PNG (w×h RGB), different for every seed: MediaWiki refuses to import duplicate files. */
function png(seed, w, h) {
    if (w === void 0) { w = 4 + (seed % 5); }
    if (h === void 0) { h = 3 + (seed % 4); }
    var ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(w, 0);
    ihdr.writeUInt32BE(h, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // colour type RGB
    var rows = [];
    for (var y = 0; y < h; y++) {
        var row = Buffer.alloc(1 + w * 3); // filter byte 0, then pixels
        for (var x = 0; x < w; x++) {
            row[1 + x * 3] = (seed * 37 + x) & 0xff;
            row[2 + x * 3] = (seed * 91 + y) & 0xff;
            row[3 + x * 3] = (seed * 13) & 0xff;
        }
        rows.push(row);
    }
    var text = Buffer.from("Comment\0wikiq test file ".concat(seed), 'latin1');
    return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        pngChunk('IHDR', ihdr),
        pngChunk('tEXt', text),
        pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
        pngChunk('IEND', Buffer.alloc(0)),
    ]);
}
var WORDS = ['Apple', 'Banana', 'Cherry', 'Delta', 'Eagle', 'Falcon', 'Garden', 'Harbor', 'Island', 'Jungle', 'Kite', 'Lemon', 'Meadow', 'Nectar', 'Orchid', 'Pepper', 'Quartz', 'River', 'Sunset', 'Tulip', 'Umbrella', 'Violet', 'Willow', 'Xylophone', 'Yarrow', 'Zebra'];
/** Name of seeded file i as uploaded (every third has spaces, which MediaWiki stores as underscores). */
function fileName(i) {
    var w = WORDS[i % WORDS.length];
    return i % 3 === 0 ? "".concat(w, " photo ").concat(String(i).padStart(3, '0'), ".png") : "".concat(w, "_").concat(String(i).padStart(3, '0'), ".png");
}
/** Title of seeded content page i. */
function pageTitle(i) {
    return "".concat(WORDS[i % WORDS.length], " page ").concat(i);
}
/** Categories of content page i (two or three). */
function pageCategories(i) {
    var cats = [CATEGORIES[i % CATEGORIES.length], CATEGORIES[(i + 2) % CATEGORIES.length]];
    if (i % 4 === 0)
        cats.push(CATEGORIES[(i + 3) % CATEGORIES.length]);
    return cats;
}
/** Files embedded by content page i (as written in the wikitext: some with spaces, some with underscores). */
function pageFiles(i) {
    return Array.from({ length: exports.SEED.filesPerPage }, function (_, k) { return fileName((i * 3 + k * 7) % exports.SEED.files); });
}
function pageText(i, revision) {
    if (revision === void 0) { revision = 1; }
    var lines = ["This is test page ".concat(i, " of the wikiq seed").concat(revision > 1 ? ", revision ".concat(revision) : '', ".")];
    lines.push("See [[".concat(pageTitle((i + 1) % exports.SEED.pages), "]] and [[").concat(pageTitle((i + 2) % exports.SEED.pages), "]]."));
    pageFiles(i).forEach(function (f, k) { return lines.push("[[File:".concat(f, "|thumb|Picture ").concat(k, "]]")); });
    for (var _i = 0, _a = pageCategories(i); _i < _a.length; _i++) {
        var c = _a[_i];
        lines.push("[[Category:".concat(c, "]]"));
    }
    return lines.join('\n') + '\n';
}
/**
 * Appended to the installer's LocalSettings.php. Every path is relative to the settings file, so a
 * copy of the directory is a wiki of its own. The installer's own `$wgSQLiteDataDir` line is
 * rewritten to `__DIR__` too (its object cache, job queue and l10n stores are built from it).
 */
var SETTINGS = "\n# --- wikiq test wiki settings ---\n$wgEnableUploads = true;\n$wgUploadDirectory = __DIR__ . '/images';\n$wgUploadPath = '/images';\n$wgCacheDirectory = __DIR__ . '/cache';\n$wgTmpDirectory = __DIR__ . '/tmp';\n$wgUseImageMagick = false;\n$wgDebugToolbar = true;\n$wgShowExceptionDetails = true;\n$wgMainCacheType = CACHE_NONE;\n$wgJobRunRate = 0;\n$wgEnableEmail = false;\n$wgEnableUserEmail = false;\n$wgGroupPermissions['*']['createaccount'] = false;\n# A throwaway wiki: no fsync (seeding is several times faster).\n$wgDBservers = [ [\n  'type' => 'sqlite', 'host' => '', 'dbname' => $wgDBname, 'user' => '', 'password' => '',\n  'load' => 1, 'flags' => DBO_DEFAULT, 'variables' => [ 'synchronous' => 'OFF' ],\n] ];\n";
function maintenance(dir, script, args, input) {
    var _a, _b;
    var r = (0, node_child_process_1.spawnSync)('php', __spreadArray([path.join(exports.MW_DIR, 'maintenance', script)], args, true), {
        cwd: exports.MW_DIR,
        input: input,
        encoding: 'utf8', env: __assign(__assign({}, process.env), { MW_CONFIG_FILE: path.join(dir, 'LocalSettings.php') }), maxBuffer: 64 * 1024 * 1024,
    });
    var out = "".concat((_a = r.stdout) !== null && _a !== void 0 ? _a : '').concat((_b = r.stderr) !== null && _b !== void 0 ? _b : '');
    if (r.status !== 0 || /\bFAILED\b|Fatal error|Exception/.test(out)) {
        throw new Error("Seeding the test wiki: maintenance/".concat(script, " ").concat(args.join(' '), " failed (exit ").concat(r.status, "): ").concat(out.trim().slice(-800)));
    }
    return out;
}
/** Installs and seeds a wiki into `dir` (which exists and is empty). */
function buildTemplate(dir, log) {
    var t0 = Date.now();
    var step = function (what) { return log("  ".concat(what, " (").concat(((Date.now() - t0) / 1000).toFixed(1), " s)")); };
    var inst = (0, node_child_process_1.spawnSync)('php', [
        'maintenance/install.php', '--dbtype=sqlite',
        "--dbpath=".concat(dir),
        '--dbname=wikiq', '--server=http://127.0.0.1:1', '--scriptpath=',
        "--confpath=".concat(dir),
        "--pass=".concat(exports.SEED.password),
        'Test Wiki', exports.SEED.admin,
    ], { cwd: exports.MW_DIR, encoding: 'utf8', env: __assign(__assign({}, process.env), { MW_CONFIG_FILE: '' }) });
    if (inst.status !== 0)
        throw new Error("MediaWiki's install.php failed: ".concat("".concat(inst.stdout).concat(inst.stderr).trim().slice(-800)));
    var settingsFile = path.join(dir, 'LocalSettings.php');
    var settings = fs.readFileSync(settingsFile, 'utf8');
    var dataDir = /^\$wgSQLiteDataDir\s*=.*$/m;
    if (!dataDir.test(settings))
        throw new Error('install.php wrote no $wgSQLiteDataDir line to LocalSettings.php');
    settings = settings.replace(dataDir, '$wgSQLiteDataDir = __DIR__;').replace(/'synchronous' => 'NORMAL'/g, "'synchronous' => 'OFF'");
    if (settings.includes(dir))
        throw new Error("LocalSettings.php still names the build directory ".concat(dir));
    fs.writeFileSync(settingsFile, settings + SETTINGS);
    for (var _i = 0, _a = ['images', 'cache', 'tmp']; _i < _a.length; _i++) {
        var d = _a[_i];
        fs.mkdirSync(path.join(dir, d), { recursive: true });
    }
    step('installed');
    for (var _b = 0, _c = exports.SEED.accounts; _b < _c.length; _b++) {
        var u = _c[_b];
        maintenance(dir, 'createAndPromote.php', u === exports.SEED.sysop ? ['--sysop', '--bureaucrat', u, exports.SEED.password] : [u, exports.SEED.password]);
    }
    step("".concat(exports.SEED.accounts.length, " accounts"));
    var work = path.join(dir, 'tmp', 'seed');
    exports.SEED.users.forEach(function (u, k) {
        var d = path.join(work, "files-".concat(k));
        fs.mkdirSync(d, { recursive: true });
        for (var i = k; i < exports.SEED.files; i += exports.SEED.users.length)
            fs.writeFileSync(path.join(d, fileName(i)), png(i));
        maintenance(dir, 'importImages.php', ["--user=".concat(u), "--comment=Seeded by the wikiq test harness (".concat(u, ")"), d]);
    });
    step("".concat(exports.SEED.files, " files"));
    var pages = path.join(work, 'pages');
    fs.mkdirSync(pages, { recursive: true });
    for (var i = 0; i < exports.SEED.pages; i++)
        fs.writeFileSync(path.join(pages, pageTitle(i)), pageText(i));
    for (var r = 0; r < exports.SEED.redirects; r++)
        fs.writeFileSync(path.join(pages, "Redirect ".concat(r)), "#REDIRECT [[".concat(pageTitle(r), "]]\n"));
    for (var _d = 0, _e = exports.SEED.categories; _d < _e.length; _d++) {
        var c = _e[_d];
        fs.writeFileSync(path.join(pages, "Category:".concat(c)), "Pages about ".concat(c.toLowerCase(), ".\n"));
    }
    maintenance(dir, 'importTextFiles.php', __spreadArray(['--user=Bob', '--summary=Seeded page'], fs.readdirSync(pages).sort().map(function (f) { return path.join(pages, f); }), true));
    var revised = path.join(work, 'revised');
    fs.mkdirSync(revised);
    for (var i = 0; i < exports.SEED.revisedPages; i++)
        fs.writeFileSync(path.join(revised, pageTitle(i)), pageText(i, 2));
    maintenance(dir, 'importTextFiles.php', __spreadArray(['--user=Carol', '--summary=Second revision', '--overwrite'], fs.readdirSync(revised).sort().map(function (f) { return path.join(revised, f); }), true));
    step("".concat(exports.SEED.pages, " pages, ").concat(exports.SEED.redirects, " redirects, ").concat(exports.SEED.categories.length, " category pages, ").concat(exports.SEED.revisedPages, " second revisions"));
    maintenance(dir, 'runJobs.php', []);
    fs.writeFileSync(path.join(work, 'delete.txt'), "".concat(pageTitle(exports.SEED.deletedPage), "\n"));
    maintenance(dir, 'deleteBatch.php', ['-u', exports.SEED.sysop, '-r', 'Seeded deletion', path.join(work, 'delete.txt')]);
    maintenance(dir, 'protect.php', ['-u', exports.SEED.sysop, '-r', 'Seeded protection', pageTitle(exports.SEED.protectedPage)]);
    fs.writeFileSync(path.join(work, 'move.txt'), "".concat(pageTitle(exports.SEED.movedPage), "|").concat(exports.SEED.movedTo, "\n"));
    maintenance(dir, 'moveBatch.php', ['-u', exports.SEED.sysop, '-r', 'Seeded move', path.join(work, 'move.txt')]);
    fs.writeFileSync(path.join(work, 'block.txt'), "".concat(exports.SEED.blocked, "\n"));
    maintenance(dir, 'blockUsers.php', ['--performer', exports.SEED.sysop, '--reason', 'Seeded block', path.join(work, 'block.txt')]);
    maintenance(dir, 'addChangeTag.php', ['--tag', exports.SEED.tag, '--reason', 'Seeded tag']);
    maintenance(dir, 'runJobs.php', []);
    maintenance(dir, 'initSiteStats.php', ['--update', '--active']);
    step('deletion, protection, move, block, tag, jobs, site statistics');
    fs.rmSync(work, { recursive: true, force: true });
}
// ---- template cache ---------------------------------------------------------------------------
/** Everything that decides the template's content; its hash names the template directory. */
function seedKey() {
    var h = (0, node_crypto_1.createHash)('sha256');
    for (var _i = 0, _a = [JSON.stringify(exports.SEED), SETTINGS, WORDS.join(','), buildTemplate, maintenance, pageText, pageTitle, pageFiles, pageCategories, fileName, png, pngChunk, mediaWikiVersion()]; _i < _a.length; _i++) {
        var part = _a[_i];
        h.update(String(part));
        h.update('\u0000');
    }
    return h.digest('hex').slice(0, 12);
}
function cacheRoot() {
    return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'wikiq');
}
function pidAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (e) {
        return e.code === 'EPERM';
    }
}
/** Resolves when `check()` holds, re-checking on every change in `dir`; rejects after `ms`. */
function waitForChange(dir, check, ms, what) {
    return new Promise(function (resolve, reject) {
        var done = false;
        var finish = function (err) {
            if (done)
                return;
            done = true;
            watcher.close();
            clearTimeout(timer);
            clearInterval(safety);
            if (err)
                reject(err);
            else
                resolve();
        };
        var test = function () {
            try {
                if (check())
                    finish();
            }
            catch (e) {
                finish(e);
            }
        };
        var watcher = fs.watch(dir, test);
        // A lock holder that dies leaves no event behind: look again now and then.
        var safety = setInterval(test, 2000);
        var timer = setTimeout(function () { return finish(new Error("Gave up waiting for ".concat(what, " after ").concat(ms / 1000, " s"))); }, ms);
        test();
    });
}
/** Removes half-built directories of this key (their builder died) and templates unused for a week. */
function pruneTemplates(root, key) {
    var weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
    for (var _i = 0, _a = fs.readdirSync(root); _i < _a.length; _i++) {
        var n = _a[_i];
        var p = path.join(root, n);
        try {
            var stale = n.startsWith("wiki-build-".concat(key, "-")) || (/^wiki-(template|build)-[0-9a-f]{12}/.test(n) && !n.endsWith('.lock') && fs.statSync(p).mtimeMs < weekAgo);
            if (stale)
                fs.rmSync(p, { recursive: true, force: true });
        }
        catch (_b) {
            // another process pruned it first
        }
    }
}
/**
 * The seeded template's directory, built first if needed: in a temp directory next to it, then
 * renamed into place. Concurrent callers (test files run in parallel) wait for one build.
 */
function ensureTemplate() {
    return __awaiter(this, arguments, void 0, function (log) {
        var root, key, target, isReady, used, lockFile, _loop_1, state_1;
        if (log === void 0) { log = function () { return undefined; }; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ensureMediaWikiInstalled();
                    root = cacheRoot();
                    key = seedKey();
                    target = path.join(root, "wiki-template-".concat(key));
                    isReady = function () { return fs.existsSync(path.join(target, 'LocalSettings.php')); };
                    used = function () {
                        // The directory's mtime says when a template was last used: templates of older seeds are pruned.
                        var now = new Date();
                        fs.utimesSync(target, now, now);
                        return target;
                    };
                    if (isReady())
                        return [2 /*return*/, used()];
                    try {
                        fs.mkdirSync(root, { recursive: true });
                        fs.accessSync(root, fs.constants.W_OK);
                    }
                    catch (e) {
                        throw new Error("Cannot write the test wiki template's cache directory ".concat(root, " (set XDG_CACHE_HOME to a writable directory): ").concat(e.message));
                    }
                    lockFile = "".concat(target, ".lock");
                    _loop_1 = function () {
                        var fd, e_1, holder_1, dir, started;
                        return __generator(this, function (_b) {
                            switch (_b.label) {
                                case 0:
                                    if (isReady())
                                        return [2 /*return*/, { value: used() }];
                                    fd = void 0;
                                    _b.label = 1;
                                case 1:
                                    _b.trys.push([1, 2, , 6]);
                                    fd = fs.openSync(lockFile, 'wx');
                                    return [3 /*break*/, 6];
                                case 2:
                                    e_1 = _b.sent();
                                    if (e_1.code !== 'EEXIST')
                                        throw e_1;
                                    holder_1 = Number(fs.readFileSync(lockFile, 'utf8').trim() || NaN);
                                    if (!(Number.isFinite(holder_1) && holder_1 !== process.pid && pidAlive(holder_1))) return [3 /*break*/, 4];
                                    log("waiting for process ".concat(holder_1, " to finish seeding the test wiki template\u2026"));
                                    return [4 /*yield*/, waitForChange(root, function () { return isReady() || !fs.existsSync(lockFile) || !pidAlive(holder_1); }, 10 * 60 * 1000, "the test wiki template (".concat(target, ")"))];
                                case 3:
                                    _b.sent();
                                    return [3 /*break*/, 5];
                                case 4:
                                    fs.rmSync(lockFile, { force: true }); // left by a process that died
                                    _b.label = 5;
                                case 5: return [2 /*return*/, "continue"];
                                case 6:
                                    fs.writeSync(fd, String(process.pid));
                                    fs.closeSync(fd);
                                    try {
                                        if (isReady())
                                            return [2 /*return*/, { value: used() }];
                                        pruneTemplates(root, key);
                                        dir = fs.mkdtempSync(path.join(root, "wiki-build-".concat(key, "-")));
                                        started = Date.now();
                                        log("seeding the test wiki template (MediaWiki ".concat(mediaWikiVersion(), ") into ").concat(target, "\u2026"));
                                        try {
                                            buildTemplate(dir, log);
                                            fs.renameSync(dir, target);
                                        }
                                        catch (e) {
                                            fs.rmSync(dir, { recursive: true, force: true });
                                            throw e;
                                        }
                                        log("seeded the test wiki template in ".concat(((Date.now() - started) / 1000).toFixed(1), " s"));
                                        return [2 /*return*/, { value: used() }];
                                    }
                                    finally {
                                        fs.rmSync(lockFile, { force: true });
                                    }
                                    return [2 /*return*/];
                            }
                        });
                    };
                    _a.label = 1;
                case 1: return [5 /*yield**/, _loop_1()];
                case 2:
                    state_1 = _a.sent();
                    if (typeof state_1 === "object")
                        return [2 /*return*/, state_1.value];
                    _a.label = 3;
                case 3: return [3 /*break*/, 1];
                case 4: return [2 /*return*/];
            }
        });
    });
}
// ---- running ----------------------------------------------------------------------------------
/**
 * php -S router: logs every request (one JSON line, before MediaWiki handles it) and serves uploaded
 * files from the wiki's own directory; everything else goes to MediaWiki as usual.
 */
var ROUTER = "<?php\n$dir = getenv('WIKIQ_WIKI_DIR');\n$entry = ['m' => $_SERVER['REQUEST_METHOD'], 'u' => $_SERVER['REQUEST_URI']];\nif ($_SERVER['REQUEST_METHOD'] === 'POST' && $_POST) $entry['b'] = http_build_query($_POST);\nfile_put_contents($dir . '/requests.log', json_encode($entry, JSON_UNESCAPED_SLASHES) . \"\\n\", FILE_APPEND | LOCK_EX);\n$uri = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);\nif (strpos($uri, '/images/') === 0) {\n  $file = realpath($dir . '/images/' . rawurldecode(substr($uri, 8)));\n  if ($file !== false && strpos($file, realpath($dir . '/images') . '/') === 0 && is_file($file)) {\n    header('Content-Type: ' . (mime_content_type($file) ?: 'application/octet-stream'));\n    header('Content-Length: ' . filesize($file));\n    readfile($file);\n    return true;\n  }\n  http_response_code(404);\n  echo 'Not found';\n  return true;\n}\nreturn false;\n";
/**
 * Runs php -S in its own process group, with a watchdog: the harness holds the shell's stdin open,
 * and when the harness's process ends in any way (even SIGKILL) stdin reaches EOF, the whole group
 * (php, its workers) is killed and the wiki's directory removed. When php ends by itself (port
 * taken) the group ends too. stop() kills the group (the shell included) and cleans up itself.
 */
var SUPERVISOR = "\n( php -S \"127.0.0.1:$WIKIQ_PORT\" \"$WIKIQ_WIKI_DIR/router.php\"; kill -TERM 0 ) </dev/null &\ncat >/dev/null\ntrap '' TERM\nkill -TERM 0\nwait\ncase \"$WIKIQ_WIKI_DIR\" in */wikiq-wiki-*) rm -rf \"$WIKIQ_WIKI_DIR\" ;; esac\n";
var running = new Set();
var exitHookInstalled = false;
function killGroup(proc, signal) {
    try {
        if (proc.pid)
            process.kill(-proc.pid, signal);
    }
    catch (_a) {
        // already gone
    }
}
function installExitHook() {
    if (exitHookInstalled)
        return;
    exitHookInstalled = true;
    process.once('exit', function () {
        for (var _i = 0, running_1 = running; _i < running_1.length; _i++) {
            var r = running_1[_i];
            killGroup(r.proc, 'SIGKILL');
            try {
                fs.rmSync(r.dir, { recursive: true, force: true });
            }
            catch (_a) {
                // best effort at exit
            }
        }
    });
}
/** Starts a fresh copy of the seeded wiki on 127.0.0.1 and resolves when its API answers. */
function startWiki() {
    return __awaiter(this, arguments, void 0, function (opts) {
        var template, attempt, _a, _b, e_2;
        if (opts === void 0) { opts = {}; }
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, ensureTemplate(opts.log)];
                case 1:
                    template = _c.sent();
                    if (!(opts.port !== undefined)) return [3 /*break*/, 3];
                    return [4 /*yield*/, portIsFree(opts.port)];
                case 2:
                    if (!(_c.sent()))
                        throw new Error("Cannot start the test wiki on port ".concat(opts.port, ": the port is in use."));
                    return [2 /*return*/, startCopy(template, opts.port, opts)];
                case 3:
                    attempt = 1;
                    _c.label = 4;
                case 4:
                    _c.trys.push([4, 7, , 8]);
                    _a = startCopy;
                    _b = [template];
                    return [4 /*yield*/, freePort()];
                case 5: return [4 /*yield*/, _a.apply(void 0, _b.concat([_c.sent(), opts]))];
                case 6: return [2 /*return*/, _c.sent()];
                case 7:
                    e_2 = _c.sent();
                    if (attempt >= 3 || !/Address already in use/i.test(String(e_2.message)))
                        throw e_2;
                    return [3 /*break*/, 8];
                case 8:
                    attempt++;
                    return [3 /*break*/, 4];
                case 9: return [2 /*return*/];
            }
        });
    });
}
function startCopy(template, port, opts) {
    return __awaiter(this, void 0, void 0, function () {
        var dir, base, endpoint, settings, text, logFile, proc, entry, _i, _a, s, output, started, startedLine, onData, closed, isClosed, serverWords, readyAt, finalLog, requests, stopped, stop, timeout, deadline, fail, timer, outcome, lastError, _loop_2, attempt, state_2;
        var _this = this;
        var _b, _c, _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikiq-wiki-'));
                    fs.cpSync(template, dir, { recursive: true });
                    base = "http://127.0.0.1:".concat(port);
                    endpoint = "".concat(base, "/api.php");
                    settings = path.join(dir, 'LocalSettings.php');
                    text = fs.readFileSync(settings, 'utf8').replace(/^\$wgServer\s*=.*$/m, "$wgServer = \"".concat(base, "\";"));
                    fs.writeFileSync(settings, text + (opts.debuginfo === false ? '$wgDebugToolbar = false;\n' : ''));
                    fs.writeFileSync(path.join(dir, 'router.php'), ROUTER);
                    logFile = path.join(dir, 'requests.log');
                    fs.writeFileSync(logFile, '');
                    installExitHook();
                    proc = (0, node_child_process_1.spawn)('sh', ['-c', SUPERVISOR], {
                        cwd: exports.MW_DIR,
                        detached: true, // own process group: stop() and the exit hook kill php and its workers together
                        stdio: ['pipe', 'pipe', 'pipe'],
                        env: __assign(__assign({}, process.env), { MW_CONFIG_FILE: settings, WIKIQ_WIKI_DIR: dir, WIKIQ_PORT: String(port), PHP_CLI_SERVER_WORKERS: '2' }),
                    });
                    entry = { proc: proc, dir: dir };
                    running.add(entry);
                    if (!opts.keepAlive) {
                        // Keep the watchdog's stdin open, but let the test process exit without waiting for the server.
                        proc.unref();
                        for (_i = 0, _a = [proc.stdin, proc.stdout, proc.stderr]; _i < _a.length; _i++) {
                            s = _a[_i];
                            (_b = s === null || s === void 0 ? void 0 : s.unref) === null || _b === void 0 ? void 0 : _b.call(s);
                        }
                    }
                    output = '';
                    startedLine = new Promise(function (resolve) { return (started = resolve); });
                    onData = function (d) {
                        output = (output + d.toString()).slice(-8000);
                        if (/Development Server \(http:\/\/127\.0\.0\.1:\d+\) started/.test(output))
                            started();
                    };
                    proc.stdout.on('data', onData);
                    proc.stderr.on('data', onData);
                    closed = new Promise(function (resolve) { return proc.once('close', function () { return resolve(); }); });
                    isClosed = false;
                    void closed.then(function () {
                        isClosed = true;
                    });
                    serverWords = function () { return output.split('\n').filter(function (l) { return !/ (Accepted|Closing)$/.test(l); }).join('\n').trim().slice(-800); };
                    requests = function () {
                        return finalLog !== null && finalLog !== void 0 ? finalLog : fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).slice(readyAt).map(function (line) {
                            var e = JSON.parse(line);
                            var url = e.b ? "".concat(e.u).concat(e.u.includes('?') ? '&' : '?').concat(e.b) : e.u;
                            return __assign(__assign({ method: e.m, uri: e.u }, (e.b ? { body: e.b } : {})), { url: url });
                        });
                    };
                    stop = function () {
                        stopped !== null && stopped !== void 0 ? stopped : (stopped = (function () { return __awaiter(_this, void 0, void 0, function () {
                            var _i, _a, st;
                            var _b;
                            return __generator(this, function (_c) {
                                switch (_c.label) {
                                    case 0:
                                        if (!!isClosed) return [3 /*break*/, 2];
                                        // Keep this process alive until the server is gone (its handles were unref'ed at start).
                                        proc.ref();
                                        for (_i = 0, _a = [proc.stdout, proc.stderr]; _i < _a.length; _i++) {
                                            st = _a[_i];
                                            (_b = st === null || st === void 0 ? void 0 : st.ref) === null || _b === void 0 ? void 0 : _b.call(st);
                                        }
                                        killGroup(proc, 'SIGTERM');
                                        return [4 /*yield*/, closed];
                                    case 1:
                                        _c.sent(); // every process holding the server's stdout/stderr (php, workers) has ended
                                        _c.label = 2;
                                    case 2:
                                        running.delete(entry);
                                        if (readyAt !== undefined)
                                            finalLog = requests(); // still answerable after the directory is gone
                                        fs.rmSync(dir, { recursive: true, force: true });
                                        return [2 /*return*/];
                                }
                            });
                        }); })());
                        return stopped;
                    };
                    timeout = (_c = opts.readyTimeoutMs) !== null && _c !== void 0 ? _c : 30000;
                    deadline = Date.now() + timeout;
                    fail = function (why) { return __awaiter(_this, void 0, void 0, function () {
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0: return [4 /*yield*/, stop()];
                                case 1:
                                    _a.sent();
                                    return [2 /*return*/, new Error("The test wiki on ".concat(base, " ").concat(why).concat(serverWords() ? ". php -S said: ".concat(serverWords()) : ''))];
                            }
                        });
                    }); };
                    return [4 /*yield*/, Promise.race([
                            startedLine.then(function () { return 'started'; }),
                            closed.then(function () { return 'closed'; }),
                            new Promise(function (resolve) { return (timer = setTimeout(function () { return resolve('timeout'); }, timeout)); }),
                        ])];
                case 1:
                    outcome = _f.sent();
                    clearTimeout(timer);
                    if (!(outcome === 'closed')) return [3 /*break*/, 3];
                    return [4 /*yield*/, fail('did not start')];
                case 2: throw _f.sent();
                case 3:
                    if (!(outcome === 'timeout')) return [3 /*break*/, 5];
                    return [4 /*yield*/, fail("did not start within ".concat(timeout / 1000, " s"))];
                case 4: throw _f.sent();
                case 5:
                    lastError = '';
                    _loop_2 = function (attempt) {
                        var res, text_1, e_3;
                        return __generator(this, function (_g) {
                            switch (_g.label) {
                                case 0:
                                    _g.trys.push([0, 3, , 4]);
                                    return [4 /*yield*/, fetch("".concat(endpoint, "?action=query&meta=siteinfo&format=json&formatversion=2"), { signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())) })];
                                case 1:
                                    res = _g.sent();
                                    return [4 /*yield*/, res.text()];
                                case 2:
                                    text_1 = _g.sent();
                                    if (res.ok && ((_e = (_d = JSON.parse(text_1).query) === null || _d === void 0 ? void 0 : _d.general) === null || _e === void 0 ? void 0 : _e.generator))
                                        return [2 /*return*/, "break"];
                                    lastError = "HTTP ".concat(res.status, ": ").concat(text_1.slice(0, 300));
                                    return [3 /*break*/, 4];
                                case 3:
                                    e_3 = _g.sent();
                                    lastError = e_3 instanceof Error ? e_3.message : String(e_3);
                                    return [3 /*break*/, 4];
                                case 4:
                                    if (!isClosed) return [3 /*break*/, 6];
                                    return [4 /*yield*/, fail('stopped before its API answered')];
                                case 5: throw _g.sent();
                                case 6:
                                    if (!(Date.now() >= deadline)) return [3 /*break*/, 8];
                                    return [4 /*yield*/, fail("did not answer siteinfo within ".concat(timeout / 1000, " s (last: ").concat(lastError, ")"))];
                                case 7: throw _g.sent();
                                case 8: return [4 /*yield*/, new Promise(function (r) { return setTimeout(r, Math.min(25 * Math.pow(2, attempt), 500)); })];
                                case 9:
                                    _g.sent();
                                    return [2 /*return*/];
                            }
                        });
                    };
                    attempt = 0;
                    _f.label = 6;
                case 6: return [5 /*yield**/, _loop_2(attempt)];
                case 7:
                    state_2 = _f.sent();
                    if (state_2 === "break")
                        return [3 /*break*/, 9];
                    _f.label = 8;
                case 8:
                    attempt++;
                    return [3 /*break*/, 6];
                case 9:
                    readyAt = fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length;
                    return [2 /*return*/, {
                            endpoint: endpoint,
                            base: base,
                            port: port,
                            dir: dir,
                            apiRequestCount: function (filter) {
                                return requests().filter(function (r) { return r.uri.startsWith('/api.php') && (!filter || filter(r.url)); }).length;
                            },
                            requestLog: function () {
                                return requests().map(function (r) { return r.uri; });
                            },
                            requests: requests,
                            stop: stop,
                            ended: closed.then(serverWords),
                        }];
            }
        });
    });
}
