"use strict";
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
/**
 * `npm run demo-wiki`: a seeded MediaWiki left running for trying the examples, until Ctrl-C.
 * Port: WIKIQ_DEMO_PORT, else 8080 (what examples/*.wikiq name) when free, else any free port.
 * `debuginfo` (~100 KB in every answer) is off unless `--debuginfo` is given
 * (`npm run demo-wiki -- --debuginfo`), e.g. to see the results view's Debug tab.
 * Started by scripts/demo-wiki.mjs; its "running at" line says the API answers.
 */
var harness_1 = require("./harness");
function main() {
    return __awaiter(this, void 0, void 0, function () {
        var fromEnv, wanted, free, debuginfo, wiki, stopping, stop;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    fromEnv = process.env.WIKIQ_DEMO_PORT;
                    wanted = fromEnv ? Number(fromEnv) : 8080;
                    if (!Number.isInteger(wanted) || wanted < 1 || wanted > 65535)
                        throw new Error("WIKIQ_DEMO_PORT must be a port number (1-65535), not '".concat(fromEnv, "'"));
                    return [4 /*yield*/, (0, harness_1.portIsFree)(wanted)];
                case 1:
                    free = _a.sent();
                    if (!free && fromEnv)
                        throw new Error("port ".concat(wanted, " (WIKIQ_DEMO_PORT) is in use"));
                    console.log('Starting the demo wiki (the first run seeds it once: about ten seconds)…');
                    debuginfo = process.argv.includes('--debuginfo');
                    return [4 /*yield*/, (0, harness_1.startWiki)({ port: free ? wanted : undefined, log: function (m) { return console.log(m); }, keepAlive: true, debuginfo: debuginfo })];
                case 2:
                    wiki = _a.sent();
                    stopping = false;
                    void wiki.ended.then(function (said) {
                        if (stopping)
                            return;
                        console.error("demo-wiki: the wiki server ended by itself".concat(said ? ": ".concat(said) : ''));
                        process.exit(1);
                    });
                    stop = function (why) { return __awaiter(_this, void 0, void 0, function () {
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0:
                                    if (stopping)
                                        return [2 /*return*/];
                                    stopping = true;
                                    console.log("\n".concat(why, ": stopping the demo wiki\u2026"));
                                    return [4 /*yield*/, wiki.stop()];
                                case 1:
                                    _a.sent();
                                    process.exit(0);
                                    return [2 /*return*/];
                            }
                        });
                    }); };
                    process.on('SIGINT', function () { return void stop('Ctrl-C'); });
                    process.on('SIGTERM', function () { return void stop('SIGTERM'); });
                    process.on('SIGHUP', function () { return void stop('SIGHUP'); });
                    console.log("\nDemo wiki (MediaWiki, seeded) running at ".concat(wiki.endpoint));
                    console.log("It holds ".concat(harness_1.SEED.files, " files uploaded by ").concat(harness_1.SEED.users.join(', '), ", ").concat(harness_1.SEED.mainNamespacePages, " pages in ").concat(harness_1.SEED.categories.length, " categories, and log entries of the types ").concat(harness_1.SEED.logTypes.join(', '), "."));
                    if (wiki.port === 8080) {
                        console.log('The files in examples/ already point at it (@endpoint = http://127.0.0.1:8080/api.php): open one and run a request.');
                    }
                    else {
                        if (!fromEnv)
                            console.log('Port 8080 was taken, so it runs on another port.');
                        console.log("To use it with the examples, set in each file:  @endpoint = ".concat(wiki.endpoint));
                        console.log("or from the command line:  node dist/cli.js run examples/files.wikiq --endpoint ".concat(wiki.endpoint));
                    }
                    console.log(debuginfo ? 'Answers include debuginfo (--debuginfo).' : 'Answers include no debuginfo (start with --debuginfo for it: npm run demo-wiki -- --debuginfo).');
                    console.log("Try it:  curl '".concat(wiki.endpoint, "?action=query&list=allimages&ailimit=5&format=json'"));
                    console.log("Accounts: ".concat(__spreadArray([harness_1.SEED.admin], harness_1.SEED.accounts, true).join(', '), " (password ").concat(harness_1.SEED.password, "). Files and database: ").concat(wiki.dir));
                    console.log('Press Ctrl-C to stop it (the wiki and its directory are removed).');
                    return [2 /*return*/];
            }
        });
    });
}
main().catch(function (e) {
    console.error("demo-wiki: ".concat(e instanceof Error ? e.message : String(e)));
    process.exit(1);
});
