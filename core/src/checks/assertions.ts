/**
 * The checks of a request's `??` assertions (parser/assertions.ts): a malformed one (the parser's
 * first problem, a `matches` pattern with a backreference or a lookaround among them) is `invalid-assertion`;
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
    for (const ref of v.variables) {
      scope ??= scopeFor(ctx.file, r, ctx.env);
      if (!scope.has(ref.name)) report.add(Code.UndefinedVariable, ref.span, messages[Code.UndefinedVariable](ref.name));
    }
  }
}
