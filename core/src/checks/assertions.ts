/**
 * The checks of a request's `??` assertions (parser/assertions.ts): a malformed one (the parser's
 * first problem, a `matches` pattern with a backreference or a lookaround among them, or — where
 * the host checks patterns with the engine that runs them (`FeatureContext.checkPattern`: the
 * command line) — one the linear-time engine refuses to compile, such as a repeat past 1,000) is `invalid-assertion`;
 * a variable its value uses but nothing defines is `undefined-variable`, as in parameters.
 */
import { Code, messages } from '../codes';
import type { FeatureContext } from '../context';
import { assertionsOf } from '../parser/assertions';
import type { RequestNode } from '../parser/ast';
import { scopeFor } from '../variables';
import type { Report } from './report';

export function checkAssertions(ctx: FeatureContext, r: RequestNode, report: Report): void {
  if (r.assertionCount === 0) return;
  let scope: ReturnType<typeof scopeFor> | undefined;
  for (const a of assertionsOf(r)) {
    if (a.problem) {
      report.add(Code.InvalidAssertion, a.problem.span, messages[Code.InvalidAssertion](a.problem.message));
      continue;
    }
    const v = a.value;
    if (!v) continue;
    const refused = v.kind === 'pattern' ? ctx.checkPattern?.(v.text, v.flags ?? '') : undefined;
    if (refused !== undefined) report.add(Code.InvalidAssertion, v.span, messages[Code.InvalidAssertion](refused));
    for (const ref of v.variables) {
      scope ??= scopeFor(ctx.file, r, ctx.env);
      if (!scope.has(ref.name)) report.add(Code.UndefinedVariable, ref.span, messages[Code.UndefinedVariable](ref.name));
    }
  }
}
