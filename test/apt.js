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
exports.aptInstall = aptInstall;
/** Installing the Debian packages a test layer needs: with apt-get as root, else an Error naming them and the command. */
var node_child_process_1 = require("node:child_process");
/**
 * Installs `packages` (`what` says which are missing; `missing()` checks again afterwards) for
 * `purpose` ("the real-wiki tests"); throws an Error naming what is missing and the command.
 */
function aptInstall(packages, what, purpose, missing) {
    var Purpose = purpose[0].toUpperCase() + purpose.slice(1);
    var command = "apt-get update && apt-get install -y --no-install-recommends ".concat(packages.join(' '));
    if (process.platform !== 'linux' || (0, node_child_process_1.spawnSync)('sh', ['-c', 'command -v apt-get']).status !== 0) {
        throw new Error("".concat(Purpose, " need ").concat(what, " (Debian/Ubuntu packages). Install them with: ").concat(command));
    }
    if (typeof process.getuid === 'function' && process.getuid() !== 0) {
        throw new Error("".concat(Purpose, " need ").concat(what, ", and only root can install them. Run as root: ").concat(command));
    }
    var opts = { encoding: 'utf8', env: __assign(__assign({}, process.env), { DEBIAN_FRONTEND: 'noninteractive' }), maxBuffer: 64 * 1024 * 1024 };
    var lock = ['-o', 'DPkg::Lock::Timeout=600'];
    var up = (0, node_child_process_1.spawnSync)('apt-get', __spreadArray(__spreadArray([], lock, true), ['update'], false), opts);
    var inst = (0, node_child_process_1.spawnSync)('apt-get', __spreadArray(__spreadArray(__spreadArray([], lock, true), ['install', '-y', '--no-install-recommends'], false), packages, true), opts);
    var still = missing();
    if (!still)
        return;
    var why = "".concat(inst.stderr || '', "\n").concat(up.stderr || '').trim().split('\n').filter(Boolean).slice(-3).join(' | ');
    throw new Error("Could not install ".concat(still, " for ").concat(purpose).concat(why ? " (apt-get said: ".concat(why, ")") : '', ". Install them with: ").concat(command));
}
