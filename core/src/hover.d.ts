/**
 * Hover: on a parameter name (the module parameter it resolves to), a value (the selected module,
 * the enumeration value, the namespace), a variable (its value, expanded) or a request header (the
 * request as the API will receive it).
 */
import { Hover } from 'vscode-languageserver-types';
import type { FeatureContext } from './context';
export declare function doHover(ctx: FeatureContext, offset: number): Hover | null;
