/**
 * The parameter reader: `paramsOf(request)` reads a request's parameters from its lines, by the
 * rules the block scanner (parser.ts) checked them with (`classify`, `openAfter`, values.ts,
 * url.ts). Each call reads afresh from the text of the request's tree (its `source`), and keeps
 * nothing: the tree holds no parameter nodes, and two calls give equal lists of distinct nodes. A
 * reader that needs one request's parameters several times reads them once and passes the list on
 * (`Analysis.params`).
 */
import type { ParamNode, RequestNode } from './ast';
import { fileValueStart, opensBlock, readBlock, readFileValue } from './blockValue';
import { Param, Request } from './nodes';
import { type Open, classify, lineEndOf, openAfter } from './scan';
import { urlLine, urlParams } from './url';
import { continueValue, readValue } from './values';
import { blockLineStarts } from './lines';

/** The parameters of a request, in file order (read from its lines; none for a request not made by `parse`). */
export function paramsOf(request: RequestNode): ParamNode[] {
  return request instanceof Request ? readParams(request) : [];
}

/** The parameters of `request`, read from its block's lines in the text of its tree. */
function readParams(request: Request): Param[] {
  const { text } = request.source;
  const { block, start } = request;
  const lineStarts = blockLineStarts(block, start, start + block.length, text.length);
  const params: Param[] = [];
  let line = block.header ? 1 : 0;
  const endLine = block.lineCount;
  let open: Open = 'none';
  for (; line < endLine; line++) {
    const start = lineStarts[line];
    const l = classify(text, start, lineEndOf(text, start, lineStarts[line + 1]));
    if (opensBlock(text, l)) {
      const b = readBlock(text, lineStarts, line + 1, endLine);
      params.push(new Param(text.slice(l.start, l.nameEnd), l.start, l.nameEnd, b.end, l.equals, b.value, 'line'));
      line = b.next - 1;
      open = 'none';
      continue;
    }
    if (l.kind === 'param') {
      const value = l.equals >= 0 ? (readFileValue(text, l) ?? readValue(text, l.equals + 1, l.end)) : undefined;
      params.push(new Param(text.slice(l.start, l.nameEnd), l.start, l.nameEnd, l.end, l.equals >= 0 ? l.equals : undefined, value, 'line'));
    } else if (l.kind === 'continuation' && open === 'param') {
      const param = params[params.length - 1];
      continueValue(param.value!, text, l.start, l.end);
      param.end = l.end;
    } else if (l.kind === 'url') {
      urlParams(text, urlLine(text, l), undefined, params);
    }
    open = fileValueStart(text, l) >= 0 ? 'none' : openAfter(open, l);
  }
  return params;
}
