"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || function (mod) {
    if (mod && mod.__esModule) return mod;
    var result = {};
    if (mod != null) for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
    __setModuleDefault(result, mod);
    return result;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.CatalogueCache = void 0;
/**
 * One cache file per endpoint (and MediaWiki version) in a cache directory: written atomically
 * (temp file + rename); an unreadable or corrupt file is deleted and treated as absent, never a crash.
 */
const node_crypto_1 = require("node:crypto");
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const FORMAT = 1;
function keyOf(endpoint) {
    return (0, node_crypto_1.createHash)('sha256').update(endpoint).digest('hex').slice(0, 20);
}
function safe(s) {
    return s.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40);
}
class CatalogueCache {
    dir;
    log;
    constructor(dir, log = () => undefined) {
        this.dir = dir;
        this.log = log;
    }
    filesFor(endpoint) {
        const prefix = keyOf(endpoint) + '-';
        try {
            return fs.readdirSync(this.dir).filter((f) => f.startsWith(prefix) && f.endsWith('.json')).map((f) => path.join(this.dir, f));
        }
        catch {
            return [];
        }
    }
    /** The newest readable cached catalogue of an endpoint, if any. */
    read(endpoint) {
        const files = this.filesFor(endpoint)
            .map((f) => ({ f, t: (() => { try {
                return fs.statSync(f).mtimeMs;
            }
            catch {
                return 0;
            } })() }))
            .sort((a, b) => b.t - a.t);
        for (const { f } of files) {
            try {
                const data = JSON.parse(fs.readFileSync(f, 'utf8'));
                if (data?.format !== FORMAT || data.endpoint !== endpoint || !Array.isArray(data.modules) || !data.modules.length)
                    throw new Error('not a catalogue of this endpoint');
                for (const m of data.modules)
                    if (typeof m?.path !== 'string' || !Array.isArray(m.parameters))
                        throw new Error('malformed module');
                return data;
            }
            catch (e) {
                this.log(`wikiq: discarding unreadable catalogue cache ${f}: ${e.message}`);
                try {
                    fs.unlinkSync(f);
                }
                catch {
                    // already gone
                }
            }
        }
        return undefined;
    }
    write(data) {
        fs.mkdirSync(this.dir, { recursive: true });
        const file = path.join(this.dir, `${keyOf(data.endpoint)}-${safe(data.mwVersion ?? 'unknown')}.json`);
        const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
        fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, ...data }));
        fs.renameSync(tmp, file);
        // Older MediaWiki versions of the same wiki are stale now.
        for (const other of this.filesFor(data.endpoint)) {
            if (other !== file) {
                try {
                    fs.unlinkSync(other);
                }
                catch {
                    // fine
                }
            }
        }
        return file;
    }
}
exports.CatalogueCache = CatalogueCache;
//# sourceMappingURL=cache.js.map