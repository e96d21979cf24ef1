/**
 * What a request means against a catalogue: which modules it selects (action, list/prop/meta,
 * generator, format, and any module reached through a `submodule` parameter), with which prefix,
 * and which module parameter each request parameter name belongs to. Completion, hover, validation
 * and code actions all read this one analysis.
 */
import type { Catalogue, ModuleInfo, ParamInfo } from './catalogue/model';
import type { ParamNode, RequestNode, ValuePart, WikiqFile } from './parser/ast';
import { Environment, Scope } from './variables';
export interface Selection {
    module: ModuleInfo;
    /** The prefix request parameters of this module carry (`ai`, or `gai` as a generator). */
    prefix: string;
    /** The request parameter that selected it (`action`, `list`...), undefined for `main`. */
    via?: ParamNode;
    viaName: string;
    /** Selected through a parameter with a submodule prefix (`generator`). */
    generator: boolean;
}
export interface Owner {
    selection: Selection;
    param: ParamInfo;
    fullName: string;
    /** Set for names made from a templated parameter (`contentformat-main` from `contentformat-{slot}`). */
    template?: {
        param: ParamInfo;
        vars: Record<string, string>;
    };
}
export interface UnknownModule {
    value: string;
    param: ParamNode;
    part: ValuePart;
    /** The selecting module parameter (its `submodules` map lists what is known). */
    selector: ParamInfo;
    selection: Selection;
}
export interface Analysis {
    file: WikiqFile;
    request: RequestNode;
    catalogue: Catalogue;
    scope: Scope;
    /** Every parameter node by request name, in file order. */
    byName: ParamIndex;
    selections: Selection[];
    owners: Map<string, Owner>;
    unknownModules: UnknownModule[];
    /** The action module (the value of `action`), when known. */
    action?: Selection;
}
/** The values of a parameter, variables expanded (unknown variables left as written). */
export declare function valuesOf(param: ParamNode, scope: Scope): string[];
/**
 * A request's parameter nodes by name. A request has a handful of names, so a linear scan over
 * them beats a hash map, which would hash every freshly parsed name string once per analysis
 * (the largest cost of validating a big file when this was a `Map`).
 */
export declare class ParamIndex {
    private readonly names;
    private readonly lists;
    constructor(params: readonly ParamNode[]);
    get(name: string): ParamNode[] | undefined;
    has(name: string): boolean;
}
/** `sharedScope`: the scope to use when the request adds no variables of its own (it is read, never changed). */
export declare function analyse(file: WikiqFile, request: RequestNode, catalogue: Catalogue, env?: Environment, sharedScope?: Scope): Analysis;
/** The concrete names a templated parameter takes from the values of the parameters that supply it. */
export declare function templatedNames(a: Analysis, s: Selection, t: ParamInfo): Array<{
    fullName: string;
    vars: Record<string, string>;
}>;
/** Selections whose parameter list the catalogue does not know: names with their prefix may be right. */
export declare function openSelections(a: Analysis): Selection[];
/** The request at an offset: the last one starting at or before it. */
export declare function requestAt(file: WikiqFile, offset: number): RequestNode | undefined;
/** The parameter node whose span contains the offset (its continuation lines included). */
export declare function paramAt(request: RequestNode, offset: number): ParamNode | undefined;
/** The module parameter an owner-less name would belong to if the generator were set, if any. */
export declare function generatorCandidate(a: Analysis, name: string): {
    module: ModuleInfo;
    param: ParamInfo;
} | undefined;
