/** Reading paraminfo: every shape MediaWiki has sent, into the one model (never throws). */
import type { ModuleInfo, ParamInfo } from './model';
export declare function strs(v: unknown): string[];
export declare function readParam(raw: unknown, index: number): ParamInfo | undefined;
export declare function readModule(raw: unknown, fallback?: {
    path?: string;
    group?: string;
}): ModuleInfo | undefined;
/**
 * Reads module descriptors from a whole API answer (`{paraminfo: {...}}`), the `paraminfo` object,
 * or a plain array of descriptors. Never throws.
 */
export declare function readParaminfo(json: unknown, problems?: string[]): ModuleInfo[];
